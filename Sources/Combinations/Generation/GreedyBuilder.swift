/// The greedy start: one row at a time, each the best of a few candidates, until every required
/// tuple is covered (the AETG method of Cohen, Dalal, Fredman and Patton, 1997, which PICT's
/// generator also follows).
///
/// A candidate starts from an uncovered tuple and fills the other columns in a random order,
/// each with the value that completes the most uncovered tuples with the cells already set
/// (ties to the heavier value, then at random). Under constraints a value is taken only when the
/// row can still be completed validly, so every row is valid and every required tuple can start
/// a row: the loop always ends. Seed rows come first, each completed the same way, and only
/// while something is left to cover (PICT's rule: a seed that adds nothing is dropped).
struct GreedyBuilder {
    let problem: CoverageProblem
    let coverage: TupleCoverage

    /// The rows, and the seeds among them (their indices in the result).
    func build(candidates: Int, random: inout SplitMix64, budget: inout WorkBudget) -> (rows: [[Int32]], seedRows: Int) {
        coverage.reset()
        var rows: [[Int32]] = []
        var gains = [Int](repeating: 0, count: (problem.levels.max() ?? 1))
        for seed in problem.seeds where coverage.uncoveredCount > 0 {
            let row = complete(seed, random: &random, gains: &gains, budget: &budget)
            rows.append(row)
            coverage.add(row)
        }
        let seedRows = rows.count
        var start = [Int32](repeating: -1, count: problem.levels.count)
        var columns = [Int](repeating: 0, count: problem.strength), values = [Int32](repeating: 0, count: problem.strength)
        while coverage.uncoveredCount > 0 {
            var best: [Int32] = []
            var bestScore = -1
            for candidate in 0..<max(1, candidates) {
                // The first candidate starts in the set with the most left to cover, the others anywhere.
                let tuple = candidate == 0
                    ? coverage.uncoveredTupleOfFullestSet(pick: random.below(1 << 30))!
                    : coverage.uncoveredTuple(at: random.below(coverage.uncoveredCount))
                coverage.decode(tuple, columns: &columns, values: &values)
                for (column, value) in zip(columns, values) { start[column] = value }
                let row = complete(start, random: &random, gains: &gains, budget: &budget)
                for column in columns { start[column] = -1 }
                let score = coverage.newlyCovered(by: row)
                budget.spend(coverage.setCount)
                if score > bestScore {
                    best = row
                    bestScore = score
                }
            }
            rows.append(best)
            coverage.add(best)
        }
        return (rows, seedRows)
    }

    /// Fills the free cells of `partial` greedily.
    private func complete(_ partial: [Int32], random: inout SplitMix64, gains: inout [Int], budget: inout WorkBudget) -> [Int32] {
        var row = partial
        let rules = problem.rules
        let free = random.shuffled(row.indices.filter { row[$0] < 0 })
        for column in free {
            budget.spend(coverage.gains(of: column, in: row, into: &gains) * problem.levels[column] + 1)
            let weights = problem.weights[column]
            // Best first: more gain, then more weight, then a random order among equals.
            let tieBreak = random.shuffled(Array(0..<problem.levels[column]))
            var rank = [Int](repeating: 0, count: tieBreak.count)
            for (position, value) in tieBreak.enumerated() { rank[value] = position }
            let order = tieBreak.sorted {
                gains[$0] != gains[$1] ? gains[$0] > gains[$1] : weights[$0] != weights[$1] ? weights[$0] > weights[$1] : rank[$0] < rank[$1]
            }
            if rules.isUnconstrained || !rules.isRestricted(column) {
                row[column] = Int32(order[0])
                continue
            }
            var placed = false
            for value in order {
                row[column] = Int32(value)
                // A feasibility question reads the whole row, at least.
                budget.spend(2 * row.count + 16)
                if rules.canComplete(row) { placed = true; break }
            }
            // The row was completable before this column, so some value keeps it completable.
            precondition(placed, "no value of column \(column) keeps the row valid")
        }
        return row
    }
}
