#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// How far the menu's rows are made: where each flag's switch row is (`RowLayout`), how many
/// rows are still pending shells (`MenuRow.isPending`: a flag's two rows are made in full when
/// first drawn, selected or searched), and whether those shells carry their search texts.
///
/// ```swift
/// var pending = PendingRows()
/// pending.reset(layout: layout, count: 2 * flagCount, hasSearchTexts: false)
/// pending.noteFilled()          // one row made in full
/// pending.needsSearchTexts      // true: the filter must first give the shells their texts
/// ```
struct PendingRows {
    /// Where each debuggable flag's row is among the rows.
    private(set) var layout = RowLayout()
    /// How many rows are still pending.
    private(set) var count = 0
    /// Whether the pending rows carry their source texts for the filter.
    private(set) var hasSearchTexts = false

    /// Every row was made again: `count` of them as shells laid out by `layout`.
    mutating func reset(layout: RowLayout, count: Int, hasSearchTexts: Bool) {
        self.layout = layout
        self.count = count
        self.hasSearchTexts = hasSearchTexts
    }

    /// One pending row was replaced by one made in full.
    mutating func noteFilled() {
        count -= 1
    }

    /// Whether any row is pending.
    var isEmpty: Bool { count == 0 }

    /// Whether the filter must first give the pending rows their search texts.
    var needsSearchTexts: Bool { count > 0 && !hasSearchTexts }
}
#endif
