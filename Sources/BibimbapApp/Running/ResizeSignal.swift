import Dispatch
import Foundation
import Synchronization

/// Notices SIGWINCH, the terminal telling a program its window changed size, so `bibimbap --watch`
/// can draw again at the new width (a tmux pane being split or dragged).
///
/// Use it beside `StopSignal`; `takeResize()` answers whether the window changed since it was
/// last asked, and `stop()` gives SIGWINCH its default action back.
///
/// ```swift
/// let resize = ResizeSignal()
/// defer { resize.stop() }
/// if resize.takeResize() { redraw() }
/// ```
public final class ResizeSignal {
    /// Shared with the dispatch handler, which runs on another queue.
    private final class Pending: Sendable {
        let flag = Atomic<Bool>(false)
    }

    private let pending = Pending()
    private var source: (any DispatchSourceSignal)?

    public init() {
        let pending = pending
        // SIGWINCH is ignored by default; the dispatch source sees it once the handler is SIG_IGN.
        signal(SIGWINCH, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
        source.setEventHandler { pending.flag.store(true, ordering: .releasing) }
        source.resume()
        self.source = source
    }

    /// Whether the window changed size since the last call.
    public func takeResize() -> Bool {
        pending.flag.exchange(false, ordering: .acquiringAndReleasing)
    }

    /// Stops listening.
    public func stop() {
        source?.cancel()
        source = nil
        signal(SIGWINCH, SIG_DFL)
    }
}
