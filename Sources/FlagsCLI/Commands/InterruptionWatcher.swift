#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization

/// Catches Ctrl-C, SIGTERM and SIGHUP while a long command runs, so it can finish its cleanup
/// (restoring overrides) instead of dying half-way; the command asks `caught` between steps.
///
/// ```swift
/// let watcher = InterruptionWatcher()
/// defer { watcher.stop() }
/// if watcher.caught != nil { /* clean up and stop */ }
/// ```
final class InterruptionWatcher {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// Shared with the dispatch handlers, which outlive no one but run on another queue.
    private final class Received: Sendable {
        let signal = Mutex<Int32?>(nil)
    }

    private let received = Received()
    private let sources: [any DispatchSourceSignal]

    init() {
        let received = received
        sources = Self.signals.map { number in
            // The default action would end the process at once; ignoring it hands the signal to
            // the dispatch source instead. An ignored signal stays ignored across exec, so
            // `ChildProcess` starts the commands the matrix runs with default handlers.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { received.signal.withLock { $0 = $0 ?? number } }
            source.resume()
            return source
        }
    }

    /// The first signal received, if any.
    var caught: Int32? { received.signal.withLock { $0 } }

    func stop() {
        for source in sources { source.cancel() }
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}
#endif
