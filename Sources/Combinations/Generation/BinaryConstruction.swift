/// The smallest pairwise array for two-valued columns (Kleitman–Spencer, Katona, 1973).
///
/// With N rows, the first row is all zeros and each column is a distinct ⌈N/2⌉-subset of the
/// other N − 1 rows (where it is 1). Two such subsets intersect (1/1), neither holds the other
/// (1/0 and 0/1), and row 0 gives 0/0. There are C(N − 1, ⌈N/2⌉) such subsets, and no smaller N
/// covers k columns, so the smallest N with C(N − 1, ⌈N/2⌉) ≥ k is optimal: 4 rows for 2–3
/// columns, 5 for 4, 6 for 5–10, 7 for 11–15, 8 for 16–35, 9 for 36–56, 10 for 57–126, 11 for
/// 127–210, 12 for 211–462.
package enum BinaryConstruction {
    /// The optimal number of rows for `columns` two-valued columns at strength 2.
    package static func rowCount(columns: Int) -> Int {
        if columns <= 1 { return columns + 1 }
        var rows = 4
        while binomial(rows - 1, (rows + 1) / 2) < columns { rows += 1 }
        return rows
    }

    /// The rows, for columns with at most two values each (a one-valued column is all zeros).
    package static func rows(levels: [Int]) -> [[Int32]] {
        let binary = levels.indices.filter { levels[$0] == 2 }
        let count = rowCount(columns: binary.count)
        var rows = [[Int32]](repeating: [Int32](repeating: 0, count: levels.count), count: count)
        if binary.count <= 1 {
            if let column = binary.first { rows[1][column] = 1 }
            return rows
        }
        for (subset, column) in zip(subsets(of: count - 1, size: (count + 1) / 2, limit: binary.count), binary) {
            for row in subset { rows[row + 1][column] = 1 }
        }
        return rows
    }

    /// The first `limit` subsets of {0…n−1} of the given size, in lexicographic order.
    static func subsets(of n: Int, size: Int, limit: Int) -> [[Int]] {
        var result: [[Int]] = []
        var current = Array(0..<size)
        while result.count < limit {
            result.append(current)
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
        for i in 0..<min(k, n - k) {
            let (product, overflow) = result.multipliedReportingOverflow(by: n - i)
            if overflow { return .max }
            result = product / (i + 1)
        }
        return result
    }
}
