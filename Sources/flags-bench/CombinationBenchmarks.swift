#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Combinations
import FlagsTool
import Foundation

/// The covering-array engine (`Combinations`) beside what it is to replace or beat, measured in
/// the same run: pairwise rows for 100 Booleans against the Boolean matrix's own construction
/// (`PairwiseCoveringArray`), and mixed models against a plain one-row-at-a-time greedy written
/// here (the AETG method PICT follows, with none of the engine's constructions or search).
/// Rows are the figure that matters; the times say what the search costs.
enum CombinationBenchmarks {
    static func run(quick: Bool) throws -> [BenchmarkFigure] {
        var figures: [BenchmarkFigure] = []
        let rounds = quick ? 3 : 10

        // 100 Booleans: the engine must reach the optimum the Boolean matrix reaches, as fast as it
        // needs to be for a matrix command (well under a millisecond of the command's start).
        let booleans = CombinationModel(parameters: (0..<100).map { Parameter(name: "flag\($0)", values: ["off", "on"]) })
        var ourRows = 0, theirRows = 0
        let ours = Stopwatch.seconds(rounds: rounds) { ourRows = (try? CombinationGenerator().generate(booleans).rows.count) ?? -1 }
        let theirs = Stopwatch.seconds(rounds: rounds) { theirRows = PairwiseCoveringArray.rows(flagCount: 100).count }
        figures.append(BenchmarkFigure(name: "pairwise rows, 100 Booleans", unit: "rows", ours: Double(ourRows),
                                       baselineName: "PairwiseCoveringArray", baseline: Double(theirRows), target: .atMost(1)))
        figures.append(BenchmarkFigure(name: "pairwise time, 100 Booleans (\(ourRows) rows)", unit: "ms", ours: ours * 1000,
                                       baselineName: "PairwiseCoveringArray", baseline: theirs * 1000, target: .absoluteAtMost(5, unit: "ms")))

        // Mixed models: rows and time beside the plain greedy. PICT 3.7.4 on the development
        // machine: 19 rows for 3^13, 38 for 4^15 3^17 2^29 (the best known are 15 and, found by
        // the research prototype, 29).
        for (spec, limit) in [("3^13", 100.0), ("4^15 3^17 2^29", 2000)] {
            let levels = spec.split(separator: " ").flatMap { part -> [Int] in
                let numbers = part.split(separator: "^").map { Int($0)! }
                return Array(repeating: numbers[0], count: numbers[1])
            }
            let model = CombinationModel(parameters: levels.enumerated().map { Parameter(name: "P\($0.offset)", values: (0..<$0.element).map(String.init)) })
            var rows = 0, greedyRows = 0
            // The engine's result depends only on the model: one run is the figure; the best of
            // a few is its time.
            let time = Stopwatch.seconds(rounds: quick ? 1 : 3) { rows = (try? CombinationGenerator().generate(model).rows.count) ?? -1 }
            let greedyTime = Stopwatch.seconds(rounds: rounds) { greedyRows = PlainGreedy.rows(levels: levels).count }
            figures.append(BenchmarkFigure(name: "pairwise rows, \(spec)", unit: "rows", ours: Double(rows),
                                           baselineName: "plain greedy", baseline: Double(greedyRows), target: .atMost(0.9)))
            figures.append(BenchmarkFigure(name: "pairwise time, \(spec) (\(rows) rows)", unit: "ms", ours: time * 1000,
                                           baselineName: "plain greedy (\(greedyRows) rows)", baseline: greedyTime * 1000, target: .absoluteAtMost(limit, unit: "ms")))
        }
        return figures
    }
}

/// The baseline: AETG's greedy as simply as it is written, at strength 2. Each row starts from
/// the first uncovered pair and fills the other columns in order, each with the value that
/// covers the most uncovered pairs with the columns already set (ties to the lowest value).
enum PlainGreedy {
    static func rows(levels: [Int]) -> [[Int]] {
        let k = levels.count
        // uncovered[a][b][x * levels[b] + y]: the pair (column a = x, column b = y), a < b.
        var uncovered = (0..<k).map { a in (0..<k).map { b in [Bool](repeating: a < b, count: a < b ? levels[a] * levels[b] : 0) } }
        var left = (0..<k).reduce(0) { total, a in total + ((a + 1)..<k).reduce(0) { $0 + levels[a] * levels[$1] } }
        var rows: [[Int]] = []
        while left > 0 {
            var row = [Int](repeating: -1, count: k)
            search: for a in 0..<k {
                for b in (a + 1)..<k {
                    if let pair = uncovered[a][b].firstIndex(of: true) {
                        row[a] = pair / levels[b]
                        row[b] = pair % levels[b]
                        break search
                    }
                }
            }
            for column in 0..<k where row[column] < 0 {
                var best = 0, bestGain = -1
                for value in 0..<levels[column] {
                    var gain = 0
                    for other in 0..<k where other != column && row[other] >= 0 {
                        let (a, b, x, y) = other < column ? (other, column, row[other], value) : (column, other, value, row[other])
                        if uncovered[a][b][x * levels[b] + y] { gain += 1 }
                    }
                    if gain > bestGain { (best, bestGain) = (value, gain) }
                }
                row[column] = best
            }
            for a in 0..<k {
                for b in (a + 1)..<k where uncovered[a][b][row[a] * levels[b] + row[b]] {
                    uncovered[a][b][row[a] * levels[b] + row[b]] = false
                    left -= 1
                }
            }
            rows.append(row)
        }
        return rows
    }
}
#endif
