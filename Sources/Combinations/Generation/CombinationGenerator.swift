/// Generates the rows for a ``CombinationModel``: few rows in which every combination of
/// `strength` parameters' values that the constraints allow appears at least once, no row breaks
/// a constraint, and no row holds two negative values.
///
/// Use it wherever QA needs combinations beyond on/off (`flags combinations`, `flags matrix`).
/// Each problem is solved by a portfolio that keeps the smallest valid result: algebraic
/// constructions (optimal binary arrays, orthogonal arrays over finite fields), a greedy start,
/// then a shrink-and-repair local search. The search is bounded by a budget of work, not of
/// time, and every random choice comes from a seeded generator, so the same model gives the
/// same rows on every machine (shards of one matrix agree).
///
/// PICT's semantics are kept where they decide what is covered: negative values are covered
/// one per row, with every other value positive, and rows with one come last; a sub-model is
/// generated first and its rows become the values of one column of the root; seeds come first
/// and are used while anything is left to cover.
///
/// Cost: a problem has T = Σ over column sets of the product of their sizes tuples (about
/// C(k, t)·v^t). Memory is about 12 bytes per tuple (at most 8 million tuples). The greedy start
/// costs about rows × C(k, t) × v per candidate row; one local-search move costs rows × t ×
/// C(k−1, t−1) counter reads, so at strength 2 it grows with k and at strength 3 with k². The
/// budget (`effort`) caps the moves: 100 two-valued parameters take a construction and no search;
/// 61 mixed parameters (4^15 3^17 2^29) spend the whole default budget.
///
/// ```swift
/// var parser = ModelParser()
/// let model = try parser.parse("A: 1, 2, 3\nB: 1, 2, 3\nC: 1, 2, 3\nD: 1, 2, 3\n")
/// let array = try CombinationGenerator().generate(model)
/// array.rows.count   // 9
/// print(array.pictText, terminator: "")
/// ```
public struct CombinationGenerator: Sendable {
    /// How hard to search, and from which seed.
    public struct Options: Sendable, Hashable {
        /// A multiplier on the default work budget: 2 searches twice as long, 0 skips the search.
        public var effort: Double
        /// The seed of every random choice. The same seed gives the same rows.
        public var randomSeed: UInt64
        /// Stops the search early when this much time has passed. Rows then depend on the
        /// machine's speed, so leave it `nil` wherever rows must be reproducible.
        public var timeLimit: Duration?

        public init(effort: Double = 1, randomSeed: UInt64 = 0, timeLimit: Duration? = nil) {
            self.effort = effort
            self.randomSeed = randomSeed
            self.timeLimit = timeLimit
        }
    }

    /// Units of work (counter reads) of the default budget: a few tenths of a second in a debug
    /// build for a typical model, far less optimized.
    public static let defaultWorkUnits = 30_000_000

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    public func generate(_ model: CombinationModel) throws(ModelDiagnostic) -> CoveringArray {
        try model.validate()
        let rules = ConstraintRules(model: model)
        var warnings: [ModelDiagnostic] = []
        try checkSatisfiable(model, rules, &warnings)
        let weights = model.parameters.map { $0.values.map(\.weight) }
        let seeds = usableSeeds(model, rules, &warnings)
        let deadline = options.timeLimit.map { ContinuousClock.now + $0 }
        var budget = WorkBudget(units: Int(Double(Self.defaultWorkUnits) * max(0, options.effort)), deadline: deadline)

        var methods: [String] = []
        var rows: [[Int32]]
        if model.subModels.isEmpty {
            let problem = CoverageProblem(levels: rules.levels, strength: model.strength, rules: rules, weights: weights, seeds: seeds)
            let result = try solve(problem, stream: 0, budget: &budget, model: model)
            rows = result.rows
            methods.append(result.method)
        } else {
            rows = try solveWithSubModels(model, rules, weights, seeds, budget: &budget, methods: &methods)
        }
        // PICT prints the rows with a negative value after the others.
        let ordered = rows.filter { row in !row.indices.contains { rules.isNegative($0, row[$0]) } }
            + rows.filter { row in row.indices.contains { rules.isNegative($0, row[$0]) } }
        return CoveringArray(model: model, rows: ordered.map { $0.map(Int.init) }, warnings: warnings, method: methods.joined(separator: "; "))
    }

    // MARK: - Sub-models

    /// PICT's two levels: each sub-model first, at its own strength; then the root, whose columns
    /// are the sub-models (their rows as values) and the parameters outside every sub-model.
    private func solveWithSubModels(_ model: CombinationModel, _ rules: ConstraintRules, _ weights: [[Int]], _ seeds: [[Int32]],
                                    budget: inout WorkBudget, methods: inout [String]) throws(ModelDiagnostic) -> [[Int32]] {
        // Half the budget for the sub-models, shared equally; the root has what they leave.
        let perSubModel = budget.share(0.5 / Double(model.subModels.count))
        func generate(_ index: Int, extraSeeds: [[Int32]]) throws(ModelDiagnostic) -> (rows: [[Int32]], method: String) {
            let parameters = model.subModels[index].parameters
            let strength = min(model.subModels[index].strength ?? model.strength, parameters.count)
            let cells = parameters.map { parameter in (0..<rules.levels[parameter]).map { [(parameter: parameter, value: Int32($0))] } }
            let projected = seeds.map { seed in parameters.map { seed[$0] } }.filter { $0.contains { $0 >= 0 } }
            let problem = CoverageProblem(levels: parameters.map { rules.levels[$0] }, strength: strength,
                                          rules: MappedRowRules(base: rules, cells: cells), weights: parameters.map { weights[$0] },
                                          seeds: Self.withoutContained(extraSeeds + projected))
            var share = budget.part(units: perSubModel)
            let result = try solve(problem, stream: UInt64(index + 1), budget: &share, model: model)
            budget.spend(perSubModel - max(0, share.remaining))
            return (result.rows, result.method)
        }
        var groups = model.subModels.map(\.parameters)
        var groupRows: [[[Int32]]] = []
        var subModelMethods: [String] = []
        for index in model.subModels.indices {
            let (rows, method) = try generate(index, extraSeeds: [])
            groupRows.append(rows)
            subModelMethods.append(method)
        }
        let covered = Set(groups.joined())
        for parameter in model.parameters.indices where !covered.contains(parameter) {
            groups.append([parameter])
            groupRows.append((0..<rules.levels[parameter]).map { [Int32($0)] })
        }
        let rootStrength = min(model.strength, groups.count)
        // Rows the root needs that a sub-model lacks (see SubModelDomains): first generate the
        // sub-model again with them as seeds, which usually costs no row (any array can take one
        // given row by renaming its symbols); rows still missing after that are appended.
        var extraSeeds = [[[Int32]]](repeating: [], count: model.subModels.count)
        for _ in 0..<3 {
            var trial = groupRows
            guard SubModelDomains.complete(groups: groups, rows: &trial, subModelCount: model.subModels.count, base: rules) > 0 else { break }
            var changed = false
            for index in model.subModels.indices where trial[index].count > groupRows[index].count {
                extraSeeds[index] += trial[index][groupRows[index].count...]
                let (rows, method) = try generate(index, extraSeeds: extraSeeds[index])
                groupRows[index] = rows
                subModelMethods[index] = method + ", \(extraSeeds[index].count) rows seeded for the constraints"
                changed = true
            }
            if !changed { break }
        }
        let added = SubModelDomains.complete(groups: groups, rows: &groupRows, subModelCount: model.subModels.count, base: rules)
        methods += subModelMethods.enumerated().map { "sub-model \($0.offset + 1): \(groupRows[$0.offset].count) rows, \($0.element)" }
        if added > 0 { methods.append("\(added) sub-model rows added for the constraints") }
        let cells = zip(groups, groupRows).map { parameters, rows in
            rows.map { row in zip(parameters, row).map { (parameter: $0, value: $1) } }
        }
        let rootSeeds = seeds.map { seed in
            zip(groups, groupRows).map { parameters, rows -> Int32 in
                guard parameters.contains(where: { seed[$0] >= 0 }) else { return -1 }
                let match = rows.firstIndex { row in zip(parameters, row).allSatisfy { seed[$0] < 0 || seed[$0] == $1 } }
                return match.map(Int32.init) ?? -1
            }
        }.filter { $0.contains { $0 >= 0 } }
        // A parameter outside the sub-models keeps its weights; a sub-model's rows weigh the same.
        let rootWeights = groups.indices.map { index in
            index >= model.subModels.count ? weights[groups[index][0]] : groupRows[index].map { _ in 1 }
        }
        let problem = CoverageProblem(levels: groupRows.map(\.count), strength: rootStrength,
                                      rules: MappedRowRules(base: rules, cells: cells), weights: rootWeights, seeds: Self.withoutContained(rootSeeds))
        let root = try solve(problem, stream: 0, budget: &budget, model: model)
        methods.append("root: \(root.method)")
        return root.rows.map { row in
            var full = [Int32](repeating: -1, count: model.parameters.count)
            for (column, value) in row.enumerated() { for cell in cells[column][Int(value)] { full[cell.parameter] = cell.value } }
            return full
        }
    }

    private func solve(_ problem: CoverageProblem, stream: UInt64, budget: inout WorkBudget, model: CombinationModel) throws(ModelDiagnostic) -> CoveringArraySolver.Result {
        var random = SplitMix64(seed: options.randomSeed &+ stream &* 0x9E37_79B9_7F4A_7C15)
        do {
            return try CoveringArraySolver(problem: problem).solve(random: &random, budget: &budget)
        } catch {
            throw ModelDiagnostic("strength \(problem.strength) over these \(problem.levels.count) columns means \(error.tuples) combinations to cover, more than the \(TupleCoverage.tupleLimit) this generator holds; lower the strength or group parameters into sub-models")
        }
    }

    // MARK: - Checks

    private func checkSatisfiable(_ model: CombinationModel, _ rules: ConstraintRules, _ warnings: inout [ModelDiagnostic]) throws(ModelDiagnostic) {
        var partial = [Int32](repeating: -1, count: model.parameters.count)
        for (index, parameter) in model.parameters.enumerated() {
            var excluded: [String] = []
            for value in parameter.values.indices {
                partial[index] = Int32(value)
                if !rules.canComplete(partial) { excluded.append(parameter.values[value].name) }
            }
            partial[index] = -1
            if excluded.count == parameter.values.count {
                throw ModelDiagnostic("the constraints exclude every value of parameter '\(parameter.name)'")
            }
            if !excluded.isEmpty {
                warnings.append(ModelDiagnostic("the constraints exclude \(excluded.map { "'\($0)'" }.joined(separator: ", ")) of parameter '\(parameter.name)': no row will hold \(excluded.count == 1 ? "it" : "them")"))
            }
        }
        if !rules.canComplete(partial) { throw ModelDiagnostic("no row satisfies every constraint") }
    }

    /// The seeds as partial rows: without those another seed contains, and without those that
    /// break a constraint (each named in a warning).
    private func usableSeeds(_ model: CombinationModel, _ rules: ConstraintRules, _ warnings: inout [ModelDiagnostic]) -> [[Int32]] {
        var rows: [[Int32]] = []
        for (index, seed) in model.seeds.enumerated() {
            let row = seed.values.map { Int32($0 ?? -1) }
            if rules.canComplete(row) {
                rows.append(row)
            } else {
                warnings.append(ModelDiagnostic("seed row \(index + 1) breaks a constraint (or holds two negative values) and is left out"))
            }
        }
        return Self.withoutContained(rows)
    }

    /// PICT drops a seed that another seed contains (a duplicate included; the first one stays).
    static func withoutContained(_ rows: [[Int32]]) -> [[Int32]] {
        func contains(_ outer: [Int32], _ inner: [Int32]) -> Bool { zip(outer, inner).allSatisfy { $1 < 0 || $0 == $1 } }
        return rows.enumerated().filter { index, row in
            !rows.enumerated().contains { other, candidate in
                other != index && contains(candidate, row) && (candidate != row || other < index)
            }
        }.map(\.element)
    }
}
