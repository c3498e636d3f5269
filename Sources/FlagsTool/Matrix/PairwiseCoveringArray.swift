import FeatureFlags
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
        if flagCount == 1 { return 2 }
        var rows = 4
        while binomial(rows - 1, (rows + 1) / 2) < flagCount { rows += 1 }
        return rows
    }

    /// The combinations: `rows[r][f]` is whether flag `f` is on in combination `r`.
    public static func rows(flagCount: Int) -> [[Bool]] {
        let rowCount = rowCount(flagCount: flagCount)
        if flagCount == 1 { return [[false], [true]] }
        let subsets = kSubsets(of: rowCount - 1, size: (rowCount + 1) / 2, limit: flagCount)
        var rows = [[Bool]](repeating: [Bool](repeating: false, count: flagCount), count: rowCount)
        for (flag, subset) in subsets.enumerated() {
            for row in subset { rows[row + 1][flag] = true }
        }
        return rows
    }

    /// Every combination: 2^n rows, for `--exhaustive`.
    public static func allRows(flagCount: Int) -> [[Bool]] {
        (0..<(1 << flagCount)).map { bits in (0..<flagCount).map { bits & (1 << (flagCount - 1 - $0)) != 0 } }
    }

    /// The first `limit` subsets of {0…n−1} of the given size, in lexicographic order.
    static func kSubsets(of n: Int, size: Int, limit: Int) -> [[Int]] {
        var result: [[Int]] = []
        var current = Array(0..<size)
        while result.count < limit {
            result.append(current)
            // Advance to the next combination: bump the rightmost index that can move.
            var index = size - 1
            while index >= 0 && current[index] == n - size + index { index -= 1 }
            if index < 0 { break }
            current[index] += 1
            for next in (index + 1)..<size { current[next] = current[next - 1] + 1 }
        }
        return result
    }

    static func binomial(_ n: Int, _ k: Int) -> Int {
        guard k >= 0 && k <= n else { return 0 }
        var result = 1
        for i in 0..<min(k, n - k) { result = result * (n - i) / (i + 1) }
        return result
    }
}
