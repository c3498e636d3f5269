import Combinations
/// The fewest on/off combinations of `n` boolean flags in which every pair of values of every two
/// flags appears at least once (a strength-2 binary covering array of optimal size).
///
/// Construction (Kleitman–Spencer, Katona): with N rows, the first row is all off, and each flag
/// is a distinct subset, of size ⌈N/2⌉, of the other N − 1 rows (the rows where it is on). Any two
/// such subsets intersect (on/on), neither contains the other (on/off, off/on), and row 0 gives
/// off/off. There are C(N − 1, ⌈N/2⌉) such subsets, and no smaller N can cover n flags, so the
/// smallest N with C(N − 1, ⌈N/2⌉) ≥ n is the minimum: 4 rows for 2–3 flags, 5 for 4, 6 for 5–10,
/// 7 for 11–15, 8 for 16–35, 9 for 36–56, 10 for 57–126.
///
/// ```swift
/// PairwiseCoveringArray.rows(flagCount: 10).count   // 6
/// ```
public enum PairwiseCoveringArray {
    /// The minimum number of rows for `flagCount` flags.
    public static func rowCount(flagCount: Int) -> Int {
        precondition(flagCount >= 1, "a matrix needs at least one flag")
        return BinaryConstruction.rowCount(columns: flagCount)
    }

    /// The combinations: `rows[r][f]` is whether flag `f` is on in combination `r`; the
    /// construction is the combinations engine's own, so both give the same rows.
    public static func rows(flagCount: Int) -> [[Bool]] {
        precondition(flagCount >= 1, "a matrix needs at least one flag")
        return BinaryConstruction.rows(levels: Array(repeating: 2, count: flagCount)).map { $0.map { $0 == 1 } }
    }

    /// Every combination: 2^n rows, for `--exhaustive`.
    public static func allRows(flagCount: Int) -> [[Bool]] {
        (0..<(1 << flagCount)).map { bits in (0..<flagCount).map { bits & (1 << (flagCount - 1 - $0)) != 0 } }
    }
}
