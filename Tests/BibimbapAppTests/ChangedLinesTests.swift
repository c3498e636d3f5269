import BibimbapApp
import Testing

/// What `bibimbap --watch` marks as changed between two frames.
@Suite struct ChangedLinesTests {
    /// (previous frame, current frame, changed line indices, removed count).
    static let cases: [([Substring], [Substring], Set<Int>, Int)] = [
        (["a", "b", "c"], ["a", "b", "c"], [], 0),
        (["a", "c"], ["a", "b", "c"], [1], 0),                // a line added in the middle
        (["a", "b", "c"], ["a", "c"], [], 1),                 // a line gone
        (["a", "b", "c"], ["a", "B", "c"], [1], 1),           // a line changed
        (["title", "rule", "menu"], ["title", "rule", "banner", "", "menu"], [2, 3], 0),
        ([], ["a"], [0], 0),
    ]

    @Test(arguments: cases.indices)
    func onlyTheLinesThatDifferAreMarked(_ index: Int) {
        let (previous, current, changed, removed) = Self.cases[index]
        let changes = ChangedLines(previous: previous, current: current)
        #expect(changes.changed == changed)
        #expect(changes.removed == removed)
    }

    @Test func theFrameGetsAGutterAndALegend() {
        #expect(ChangedLines.marked("a\nb\n", since: nil, color: false) == "  a\n  b\n", "the first frame marks nothing")
        #expect(ChangedLines.marked("a\nb\n", since: "a\nb\n", color: false) == "  a\n  b\n")
        #expect(ChangedLines.marked("a\nx\nb\n", since: "a\nb\nc\n", color: false)
                == "  a\n» x\n  b\n» 1 line changed, 1 removed since the last frame\n")
        #expect(ChangedLines.marked("a\nx\n", since: "a\n", color: true).contains("\u{1B}[1;33m» \u{1B}[0mx"))
    }
}
