#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// Where each flag's switch is in the debug menu's Feature Flags section (the debuggable flags in
/// title order), without a table of row ids: the section's `MenuRows` segment finds a switch by
/// id through it. (The Build only status section is every flag in registry order: no table.)
///
/// Use it to find the switch of a flag from the flag's position in the registry (`flags`): O(1),
/// with nothing made per flag but one integer.
///
/// ```swift
/// let layout = RowLayout(debuggable: [2, 0], flagCount: 3)
/// layout.featureFlagRow(ofFlagAt: 0)   // 1: the second switch
/// layout.featureFlagRow(ofFlagAt: 1)   // nil: flag 1 has no switch
/// ```
struct RowLayout: Sendable {
    /// Positions in the registry's `flags` of the Feature Flags rows, in row order.
    private(set) var debuggable: [Int] = []
    /// For each flag (by position in `flags`), its Feature Flags row, or -1.
    private var featureFlagRowByFlag: [Int] = []

    init() {}

    /// - Parameters:
    ///   - debuggable: the flags (positions in `flags`) with a switch, in the order of their rows.
    ///   - flagCount: how many flags the registry has.
    init(debuggable: [Int], flagCount: Int) {
        self.debuggable = debuggable
        featureFlagRowByFlag = Array(repeating: -1, count: flagCount)
        for (row, flag) in debuggable.enumerated() { featureFlagRowByFlag[flag] = row }
    }

    /// The Feature Flags row of the flag at `flagIndex` in `flags`; nil when it has none.
    func featureFlagRow(ofFlagAt flagIndex: Int) -> Int? {
        guard featureFlagRowByFlag.indices.contains(flagIndex) else { return nil }
        let row = featureFlagRowByFlag[flagIndex]
        return row < 0 ? nil : row
    }
}
#endif
