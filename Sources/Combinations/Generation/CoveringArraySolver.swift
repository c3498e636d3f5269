/// The portfolio for one ``CoverageProblem``: every method that applies, keeping the smallest
/// valid result.
///
/// 1. Constructions, when no rule restricts a row and there are no seeds: strength 1 and
///    exhaustive arrays directly; for two-valued columns at strength 2 the optimal binary array
///    (``BinaryConstruction``); otherwise Bush's orthogonal array over the smallest fitting
///    finite field (``OrthogonalArrayConstruction``), folded to the columns' sizes.
/// 2. The greedy start (``GreedyBuilder``), always: it honors constraints, negative values and seeds.
/// 3. Shrink and repair (``ShrinkSearch``) from the smaller of the two, until the array meets a
///    lower bound (the most required tuples of any set of columns; for two-valued columns at
///    strength 2 the known optimum) or the work budget is spent.
/// 4. Where weights prefer values, cells free to change take the heavier value.
struct CoveringArraySolver {
    let problem: CoverageProblem

    struct Result {
        var rows: [[Int32]]
        /// How many of the first rows are seeds.
        var seedRows: Int
        var method: String
        var lowerBound: Int
    }

    /// The largest exhaustive array built directly.
    static let exhaustiveLimit = 1_000_000

    func solve(random: inout SplitMix64, budget: inout WorkBudget) throws(TupleCoverage.TooLarge) -> Result {
        let levels = problem.levels, strength = problem.strength
        let free = problem.rules.isUnconstrained && problem.seeds.isEmpty
        if free, var direct = directConstruction() {
            // An exhaustive array has no free cell; the others may, and weights then choose.
            if problem.hasWeights, direct.method != "exhaustive" {
                let coverage = try TupleCoverage(levels: levels, strength: strength)
                var weightBudget = WorkBudget(units: max(100_000, budget.remaining))
                ShrinkSearch(problem: problem, coverage: coverage).preferHeavierValues(&direct.rows, seedRows: 0, budget: &weightBudget)
            }
            return direct
        }

        let coverage = try TupleCoverage(levels: levels, strength: strength)
        coverage.markRequired(by: problem.rules)
        var lowerBound = coverage.largestRequiredSet
        if free, strength == 2, levels.allSatisfy({ $0 <= 2 }) { lowerBound = BinaryConstruction.rowCount(columns: levels.count { $0 == 2 }) }

        // The greedy start, with as many candidates per row as a fifth of the budget pays for.
        let perCandidate = coverage.setCount * (strength + (levels.max() ?? 1)) + levels.count
        let estimatedRows = max(1, 2 * lowerBound)
        let candidates = min(20, max(1, budget.share(0.2) / max(1, perCandidate * estimatedRows)))
        var greedy = GreedyBuilder(problem: problem, coverage: coverage).build(candidates: candidates, random: &random, budget: &budget)
        var best = Result(rows: greedy.rows, seedRows: greedy.seedRows, method: "greedy", lowerBound: lowerBound)
        if free, best.rows.count > lowerBound,
           let array = OrthogonalArrayConstruction.rows(levels: levels, strength: strength, rowLimit: max(2 * best.rows.count, 64)),
           array.count <= best.rows.count {
            best = Result(rows: array, seedRows: 0, method: "orthogonal array", lowerBound: lowerBound)
        }
        greedy.rows = []
        if best.rows.count > lowerBound {
            let search = ShrinkSearch(problem: problem, coverage: coverage)
            let shrunk = search.shrink(best.rows, seedRows: best.seedRows, lowerBound: lowerBound, random: &random, budget: &budget)
            if shrunk.count < best.rows.count {
                best.rows = shrunk
                best.method += " + shrink"
            }
        }
        if problem.hasWeights {
            var weightBudget = WorkBudget(units: max(100_000, budget.remaining))
            ShrinkSearch(problem: problem, coverage: coverage).preferHeavierValues(&best.rows, seedRows: best.seedRows, budget: &weightBudget)
        }
        return best
    }

    /// Arrays that are optimal by construction and need no search.
    private func directConstruction() -> Result? {
        let levels = problem.levels, strength = problem.strength
        let largest = levels.max() ?? 1
        if strength == 1 {
            // Row i holds value i of every column (folded): the largest column's values each once.
            let rows = (0..<largest).map { row in levels.map { Int32(row % $0) } }
            return Result(rows: rows, seedRows: 0, method: "strength 1", lowerBound: largest)
        }
        if strength == levels.count {
            var total = 1
            for level in levels {
                total = total.multipliedReportingOverflow(by: level).partialValue
                if total > Self.exhaustiveLimit { return nil }
            }
            let rows = (0..<total).map { code in
                var rest = code
                return levels.reversed().map { level in defer { rest /= level }; return Int32(rest % level) }.reversed() as [Int32]
            }
            return Result(rows: rows, seedRows: 0, method: "exhaustive", lowerBound: total)
        }
        if strength == 2, levels.allSatisfy({ $0 <= 2 }) {
            let rows = BinaryConstruction.rows(levels: levels)
            return Result(rows: rows, seedRows: 0, method: "binary construction", lowerBound: rows.count)
        }
        return nil
    }
}
