/// Shrink and repair: drop a row from a complete array, then move cells until every required
/// tuple is covered again; keep the smaller array when that works, and try again.
///
/// The repair is a tuple-directed local search (Nurmela's tabu search for covering arrays, 2004,
/// in the form the research prototype used): take an uncovered tuple at random, and for every row
/// measure what writing the tuple's cells into it would do to the number of uncovered tuples;
/// make the best such move (ties at random), even when it makes things worse, and forbid undoing
/// it for a few moves. A move that breaks a constraint is repaired by refilling the constrained
/// cells it upset (keeping the tuple), or skipped. Seed rows stay, and so do their seeded cells.
///
/// This is what takes a PICT-sized greedy array down to the best known sizes (3^4 in 9, 3^13 in
/// 15). The search stops at the lower bound, when the budget is spent, or when it has gone
/// `patience` times as long without a smaller array as it took to find the last one (and at
/// least `minimumPatience` units): by then a further row is rarely found.
struct ShrinkSearch {
    let problem: CoverageProblem
    let coverage: TupleCoverage
    /// Moves one repair may make before it gives up on that dropped row.
    var movesPerAttempt = 4000
    /// Moves during which a changed cell may not change back (with a small chance that it may).
    var tabuTenure = 5
    var patience = 4
    var minimumPatience = 1_500_000
    /// The most rows one move looks at: a random run of them in a larger array, so that a move's
    /// cost does not grow with the array (sub-model roots reach thousands of rows).
    var rowsPerMove = 64

    func shrink(_ rows: [[Int32]], seedRows: Int, lowerBound: Int, random: inout SplitMix64, budget: inout WorkBudget) -> [[Int32]] {
        var best = rows
        let start = budget.remaining
        var lastImprovement = 0
        while best.count > max(lowerBound, seedRows, 1), !budget.isExhausted {
            let used = start - budget.remaining
            if used - lastImprovement > max(minimumPatience, patience * lastImprovement) { break }
            var trial = best
            trial.remove(at: rowToDrop(best, seedRows: seedRows, random: &random, budget: &budget))
            if repair(&trial, seedRows: seedRows, random: &random, budget: &budget) {
                best = trial
                lastImprovement = start - budget.remaining
            }
        }
        return best
    }

    /// Half the time the row whose loss uncovers the fewest tuples, otherwise any row but a seed.
    private func rowToDrop(_ rows: [[Int32]], seedRows: Int, random: inout SplitMix64, budget: inout WorkBudget) -> Int {
        guard random.chance(1, in: 2) else { return seedRows + random.below(rows.count - seedRows) }
        coverage.reset()
        for row in rows { coverage.add(row) }
        var best = seedRows, fewest = Int.max, ties = 0
        for index in seedRows..<rows.count {
            let lost = rows[index].withUnsafeBufferPointer { coverage.coveredOnlyBy($0.baseAddress!) }
            if lost < fewest {
                (best, fewest, ties) = (index, lost, 1)
            } else if lost == fewest {
                ties += 1
                if random.below(ties) == 0 { best = index }
            }
        }
        budget.spend(2 * rows.count * coverage.setCount)
        return best
    }

    /// Moves cells of `rows` until every required tuple is covered; false when the moves or
    /// the budget run out first.
    func repair(_ rows: inout [[Int32]], seedRows: Int, random: inout SplitMix64, budget: inout WorkBudget) -> Bool {
        let columnCount = problem.levels.count, strength = problem.strength, rowCount = rows.count
        // The rows in one buffer for the search, copied back at the end: a debug build pays
        // for every array access, and the search makes millions.
        let cells = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, rowCount * columnCount))
        let tabu = UnsafeMutablePointer<Int>.allocate(capacity: max(1, rowCount * columnCount))
        let locked = UnsafeMutablePointer<Bool>.allocate(capacity: max(1, rowCount * columnCount))
        defer {
            for index in 0..<rowCount { for column in 0..<columnCount { rows[index][column] = cells[index * columnCount + column] } }
            cells.deallocate()
            tabu.deallocate()
            locked.deallocate()
        }
        tabu.initialize(repeating: 0, count: max(1, rowCount * columnCount))
        coverage.reset()
        for index in 0..<rowCount {
            for column in 0..<columnCount {
                cells[index * columnCount + column] = rows[index][column]
                locked[index * columnCount + column] = index < seedRows && problem.seeds[index][column] >= 0
            }
            coverage.add(cells + index * columnCount)
        }
        budget.spend(rowCount * coverage.setCount)
        let rules = problem.rules
        let constrained = !rules.isUnconstrained
        var columns = [Int](repeating: 0, count: strength), values = [Int32](repeating: 0, count: strength)
        let change = TupleCoverage.Change(capacity: columnCount)
        var scratch = [Int32](repeating: 0, count: columnCount)
        // What evaluating one row costs beyond its counters: reading the tuple's cells; and what
        // checking a changed row against the rules costs (it reads the whole row).
        let overhead = 2 * strength + 4
        let validityCost = 2 * columnCount + 16
        for move in 1...movesPerAttempt {
            if coverage.uncoveredCount == 0 { return true }
            if budget.isExhausted { return false }
            coverage.decode(coverage.uncoveredTuple(at: random.below(coverage.uncoveredCount)), columns: &columns, values: &values)
            var chosen = -1, chosenRepair: [Int32]?
            var bestDelta = Int.max, ties = 0
            let looked = min(rowCount, rowsPerMove)
            let first = rowCount > looked ? random.below(rowCount) : 0
            var step = 0
            while step < looked {
                let index = (first + step) % rowCount
                step += 1
                let row = cells + index * columnCount
                change.removeAll()
                var blocked = false, isTabu = false
                for position in 0..<strength {
                    let column = columns[position]
                    guard row[column] != values[position] else { continue }
                    if locked[index * columnCount + column] { blocked = true; break }
                    if tabu[index * columnCount + column] > move { isTabu = true }
                    change.append(column, values[position])
                }
                if blocked || change.count == 0 { continue }
                if isTabu, random.chance(9, in: 10) { continue }
                var repairedRow: [Int32]?
                if constrained, (0..<change.count).contains(where: { rules.isRestricted(change.columns[$0]) }) {
                    for column in 0..<columnCount { scratch[column] = row[column] }
                    for position in 0..<change.count { scratch[change.columns[position]] = change.values[position] }
                    budget.spend(validityCost)
                    if !rules.isValid(scratch, changed: (0..<change.count).map { change.columns[$0] }) {
                        budget.spend(4 * validityCost)
                        var keep = columns
                        keep += (0..<columnCount).filter { locked[index * columnCount + $0] }
                        guard let repaired = rules.repaired(scratch, keeping: keep) else { continue }
                        change.removeAll()
                        for column in 0..<columnCount where repaired[column] != row[column] { change.append(column, repaired[column]) }
                        repairedRow = repaired
                    }
                }
                let (delta, work) = coverage.delta(of: change, in: row)
                budget.spend(work + overhead)
                if delta < bestDelta {
                    (bestDelta, ties, chosen, chosenRepair) = (delta, 1, index, repairedRow)
                } else if delta == bestDelta {
                    ties += 1
                    if random.below(ties) == 0 { (chosen, chosenRepair) = (index, repairedRow) }
                }
            }
            guard chosen >= 0 else { continue }
            let row = cells + chosen * columnCount
            change.removeAll()
            if let chosenRepair {
                for column in 0..<columnCount where chosenRepair[column] != row[column] { change.append(column, chosenRepair[column]) }
            } else {
                for position in 0..<strength where row[columns[position]] != values[position] { change.append(columns[position], values[position]) }
            }
            coverage.apply(change, to: row)
            for position in 0..<change.count {
                row[change.columns[position]] = change.values[position]
                tabu[chosen * columnCount + change.columns[position]] = move + tabuTenure
            }
        }
        return coverage.uncoveredCount == 0
    }

    /// Where a cell is free to change without uncovering anything, gives it the heaviest value
    /// that keeps the row valid: PICT's weights, applied where they cost no coverage.
    func preferHeavierValues(_ rows: inout [[Int32]], seedRows: Int, budget: inout WorkBudget) {
        coverage.reset()
        for row in rows { coverage.add(row) }
        let rules = problem.rules
        let change = TupleCoverage.Change(capacity: 1)
        for index in rows.indices {
            for column in problem.levels.indices {
                if index < seedRows && problem.seeds[index][column] >= 0 { continue }
                let weights = problem.weights[column]
                let current = Int(rows[index][column])
                let heavier = weights.indices.filter { weights[$0] > weights[current] }.sorted { weights[$0] != weights[$1] ? weights[$0] > weights[$1] : $0 < $1 }
                for value in heavier {
                    if budget.isExhausted { return }
                    var cells = rows[index]
                    cells[column] = Int32(value)
                    if !rules.isUnconstrained, rules.isRestricted(column), !rules.isValid(cells, changed: [column]) { continue }
                    change.removeAll()
                    change.append(column, Int32(value))
                    budget.spend(coverage.incidenceCount(of: column))
                    let free = rows[index].withUnsafeBufferPointer { coverage.losses(of: change, in: $0.baseAddress!) == 0 }
                    if free {
                        rows[index].withUnsafeBufferPointer { coverage.apply(change, to: $0.baseAddress!) }
                        rows[index] = cells
                        break
                    }
                }
            }
        }
    }
}
