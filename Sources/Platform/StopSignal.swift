#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

/// Catches Ctrl-C (SIGINT), SIGTERM and SIGHUP so a long-running loop can stop between two steps
/// and finish its cleanup (restore overrides, leave the terminal tidy) instead of dying in the
/// middle of a step or a frame.
///
/// Use one around the loop (`bibimbap --watch`, `flags matrix`); ask `caught` or `isRequested`
/// between steps and call `stop()` when done, which gives the signals their default actions back.
/// An ignored signal stays ignored across exec, so `ChildProcess` starts the commands it runs
/// with default handlers.
///
/// ```swift
/// let signal = StopSignal()
/// defer { signal.stop() }
/// while !signal.isRequested { … }
/// ```
public final class StopSignal {
    /// The signals caught.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Shared with the dispatch handlers, which run on another queue.
    private final class Received: Sendable {
        let signal = Mutex<Int32?>(nil)
    }

    private let received = Received()
    private var sources: [any DispatchSourceSignal]

    public init() {
        let received = received
        sources = Self.signals.map { number in
            // The default action would end the process at once; ignoring the signal hands it to
            // the dispatch source instead.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { received.signal.withLock { $0 = $0 ?? number } }
            source.resume()
            return source
        }
    }

    /// The first signal received, if any.
    public var caught: Int32? { received.signal.withLock { $0 } }

    /// Whether a signal has been received.
    public var isRequested: Bool { caught != nil }

    /// Stops listening and restores the default action of each signal.
    public func stop() {
        for source in sources { source.cancel() }
        sources.removeAll()
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}
