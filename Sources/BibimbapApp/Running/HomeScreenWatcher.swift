import Foundation

/// The loop behind `bibimbap --watch`: draw the screen, then look at the store's generation
/// every `interval` and draw again when it moved and the screen changed.
///
/// `Prefs.generation` moves when the store changes, also when another process wrote it (an
/// inotify watch tells the store), so looking at it costs an atomic load and the loop stays idle
/// until someone toggles a flag. The loop owns no terminal: it is given closures, which is also
/// how tests drive it.
///
/// ```swift
/// HomeScreenWatcher(interval: .milliseconds(200)).run(
///     generation: { prefs.generation }, frame: { render() },
///     draw: { console.write($0) }, shouldStop: { signal.isRequested })
/// ```
public struct HomeScreenWatcher: Sendable {
    public var interval: Duration

    public init(interval: Duration = .milliseconds(200)) {
        self.interval = interval
    }

    /// Runs until `shouldStop` says so; returns how many frames were drawn.
    ///
    /// - Parameters:
    ///   - generation: the store's generation.
    ///   - frame: the screen's text now; called once at start and after each move of the generation.
    ///   - draw: shows a frame; called for the first one and for each that differs from the last drawn.
    ///   - shouldStop: asked before and after each pause.
    ///   - redrawRequested: asked after each pause; true (the window was resized) makes a new
    ///     frame and draws it even when the store did not move.
    @discardableResult
    public func run(generation: () -> UInt64, frame: () -> String, draw: (String) -> Void, shouldStop: () -> Bool,
                    redrawRequested: () -> Bool = { false },
                    sleep: (Duration) -> Void = HomeScreenWatcher.sleep) -> Int {
        var seen = generation()
        var shown = frame()
        draw(shown)
        var drawn = 1
        while !shouldStop() {
            sleep(interval)
            if shouldStop() { break }
            let redraw = redrawRequested()
            let now = generation()
            guard now != seen || redraw else { continue }
            seen = now
            let next = frame()
            if next != shown || redraw {
                shown = next
                draw(next)
                drawn += 1
            }
        }
        return drawn
    }

    /// Blocks the calling thread for `duration`.
    public static func sleep(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
    }
}
