@testable import DebugMenu
import Testing

/// `PendingRows`: the count of shells left, and when the filter must give them search texts.
@Suite("PendingRows")
struct PendingRowsTests {
    @Test func shellsAreCountedDownAsTheyAreFilled() {
        var pending = PendingRows()
        #expect(pending.isEmpty && !pending.needsSearchTexts)
        pending.reset(layout: RowLayout(debuggable: [1, 0], flagCount: 2), count: 2, hasSearchTexts: false)
        #expect(!pending.isEmpty && pending.needsSearchTexts)
        #expect(pending.layout.featureFlagRow(ofFlagAt: 1) == 0)
        pending.noteFilled()
        pending.noteFilled()
        #expect(pending.isEmpty && !pending.needsSearchTexts, "no shell is left to give texts to")
    }

    @Test func shellsWithTheirSearchTextsNeedNoMore() {
        var pending = PendingRows()
        pending.reset(layout: RowLayout(debuggable: [0], flagCount: 1), count: 2, hasSearchTexts: true)
        #expect(!pending.isEmpty && !pending.needsSearchTexts)
    }
}
