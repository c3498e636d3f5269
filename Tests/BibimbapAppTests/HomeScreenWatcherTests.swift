import BibimbapApp
import Testing

/// The `--watch` loop, driven by a scripted generation and screen: no store, no sleeping.
@Suite struct HomeScreenWatcherTests {
    /// Plays a script: at each pause the generation and screen take their next values.
    final class Script {
        var steps: [(generation: UInt64, frame: String)]
        var index = 0
        var frameCalls = 0
        var drawn: [String] = []
        init(_ steps: [(UInt64, String)]) { self.steps = steps.map { ($0.0, $0.1) } }
        var generation: UInt64 { steps[index].generation }
        var frame: String { frameCalls += 1; return steps[index].frame }
        var finished: Bool { index == steps.count - 1 }
        func pause(_ duration: Duration) { index += 1 }
    }

    @Test func redrawsOnlyWhenTheStoreMovedAndTheScreenChanged() {
        let script = Script([
            (1, "A"),   // first frame
            (1, "B"),   // store did not move: the screen is not even asked
            (2, "B"),   // moved, new screen: drawn
            (3, "B"),   // moved, same screen: not drawn again
            (3, "C"),   // not moved
            (4, "A"),   // moved: drawn
            (5, "D"),   // the script ends: the loop stops after this pause, before looking
        ])
        let count = HomeScreenWatcher(interval: .milliseconds(1)).run(
            generation: { script.generation }, frame: { script.frame }, draw: { script.drawn.append($0) },
            shouldStop: { script.finished }, sleep: script.pause)
        #expect(script.drawn == ["A", "B", "A"])
        #expect(count == 3)
        #expect(script.frameCalls == 4, "the screen is computed at start and after each of the three moves")
    }

    @Test func stopsBeforeTheFirstPauseWhenAskedTo() {
        let script = Script([(1, "A"), (2, "B")])
        var asked = 0
        HomeScreenWatcher().run(generation: { script.generation }, frame: { script.frame }, draw: { script.drawn.append($0) },
                                shouldStop: { asked += 1; return true }, sleep: script.pause)
        #expect(script.drawn == ["A"] && script.index == 0 && asked == 1)
    }

    /// A resize (SIGWINCH) redraws even though the store did not move, and even the same text:
    /// the terminal may have garbled what was there.
    @Test func aResizeRedrawsWithoutAStoreChange() {
        let script = Script([
            (1, "A"),   // first frame
            (1, "A"),   // resized: drawn again
            (1, "B"),   // neither: not asked
            (1, "D"),   // the script ends
        ])
        let count = HomeScreenWatcher(interval: .milliseconds(1)).run(
            generation: { script.generation }, frame: { script.frame }, draw: { script.drawn.append($0) },
            shouldStop: { script.finished }, redrawRequested: { script.index == 1 }, sleep: script.pause)
        #expect(script.drawn == ["A", "A"])
        #expect(count == 2)
    }
}
