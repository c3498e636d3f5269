#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer
/// Where each flag's rows are among the debug menu's rows, without a table of every row id: the
/// Feature Flags section is the debuggable flags in title order, and the Build only status
/// section is every flag in registry order.
///
/// Use it to find the row of a flag from the flag's position in the registry (`flags`), as the
/// controller does for a key or a store change: O(1), with nothing made per flag but one integer.
///
/// ```swift
/// let layout = RowLayout(debuggable: [2, 0], flagCount: 3, buildStatusStart: 2)
/// layout.featureFlagRow(ofFlagAt: 0)   // 1: the second switch
/// layout.featureFlagRow(ofFlagAt: 1)   // nil: flag 1 has no switch
/// ```
struct RowLayout: Sendable {
    /// Positions in the registry's `flags` of the Feature Flags rows, in row order.
    private(set) var debuggable: [Int] = []
    /// For each flag (by position in `flags`), its Feature Flags row, or -1.
    private var featureFlagRowByFlag: [Int] = []
    /// The row of the first flag's build-only status; flag i's is `buildStatusStart + i`.
    private(set) var buildStatusStart = 0

    init() {}

    /// - Parameters:
    ///   - debuggable: the flags (positions in `flags`) with a switch, in the order of their rows,
    ///     which are the first rows.
    ///   - flagCount: how many flags the registry has.
    init(debuggable: [Int], flagCount: Int, buildStatusStart: Int) {
        self.debuggable = debuggable
        featureFlagRowByFlag = Array(repeating: -1, count: flagCount)
        for (row, flag) in debuggable.enumerated() { featureFlagRowByFlag[flag] = row }
        self.buildStatusStart = buildStatusStart
    }

    /// The Feature Flags row of the flag at `flagIndex` in `flags`; nil when it has none.
    func featureFlagRow(ofFlagAt flagIndex: Int) -> Int? {
        guard featureFlagRowByFlag.indices.contains(flagIndex) else { return nil }
        let row = featureFlagRowByFlag[flagIndex]
        return row < 0 ? nil : row
    }
}
#endif
