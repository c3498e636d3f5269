#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Combinations
import FeatureFlags
import FlagsTool
import Platform

/// What `flags matrix` runs: its dimensions and the list of combinations (each a value index per
/// dimension), the same on every machine for the same arguments, so the shards of one matrix agree.
///
/// Boolean flags alone, pairwise or exhaustive with no rule, keep the optimal binary arrays
/// (`PairwiseCoveringArray`), whose rows the generator's own binary construction also reaches;
/// everything else is a PICT model (the dimensions as parameters, the constraints given, the
/// rules the tool knows) solved by `CombinationGenerator` with a fixed seed.
///
/// ```swift
/// let plan = try MatrixPlan.make(ids: ["tipJar", "new-menu-test"], modelFile: nil, constraints: [],
///                                strength: nil, exhaustive: false, environment: environment)
/// plan.rows   // [[0, 0], [0, 1], ...]: indices into each dimension's values
/// ```
struct MatrixPlan {
    let dimensions: [MatrixDimension]
    let rows: [[Int]]
    /// The strength the rows cover.
    let strength: Int

    /// "pairwise", "exhaustive" or "3-way", for the reports and the result files.
    func modeName(_ mode: MatrixCommand.Mode) -> String {
        if mode == .exhaustive || strength >= dimensions.count && strength > 2 { return MatrixCommand.Mode.exhaustive.rawValue }
        return strength == 2 ? MatrixCommand.Mode.pairwise.rawValue : "\(strength)-way"
    }

    /// The file name of the constraints' text in a diagnostic: the option that gave them.
    private static var constraintName: String { MatrixCommand.constraintOption.name }

    /// A list longer than this is refused: each row is a run of the command.
    static let maximumRows = 100_000

    /// `modelFile`: a PICT model's name and bytes, read by the caller.
    /// `seeds`: a seed file's name and text (PICT's tab-separated rows under a header of names),
    /// whose rows come first.
    static func make(ids: [String], modelFile: (name: String, bytes: [UInt8])?, constraints: [String], strength: Int?, exhaustive: Bool,
                     seeds: (name: String, text: String)? = nil, environment: FlagsEnvironment) throws -> MatrixPlan {
        var parser = ModelParser()
        var fileModel: CombinationModel?
        var dimensions: [MatrixDimension]
        if let (file, bytes) = modelFile {
            let model = try CombinationsCommand.diagnosed { () throws(ModelDiagnostic) in try parser.parse(bytes: bytes, file: file) }
            dimensions = try model.parameters.map { parameter in
                try resolve("\(parameter.name)=\(parameter.values.map(\.name).joined(separator: ","))", environment: environment, where: file)
            }
            fileModel = model
        } else {
            dimensions = try ids.map { try resolve($0, environment: environment, where: nil) }
        }
        return try make(dimensions: dimensions, fileModel: fileModel, constraints: constraints, strength: strength, exhaustive: exhaustive,
                        seeds: seeds)
    }

    /// The plan of resolved `dimensions` (with the model file they came from, if any): the rules
    /// given and the tool's own, at `strength` (nil: 2) or every combination.
    static func make(dimensions: [MatrixDimension], fileModel: CombinationModel?, constraints: [String], strength: Int?,
                     exhaustive: Bool, seeds: (name: String, text: String)? = nil) throws -> MatrixPlan {
        var parser = ModelParser()
        let count = dimensions.count
        let chosen = exhaustive ? count : min(strength ?? 2, count)
        let onlyFlags = dimensions.allSatisfy { $0.isBooleanFlag && $0.values == ["on", "off"] }
        let conflicts = MatrixDimension.conflictingExperiments(dimensions)
        // Seed rows come first, which the fixed binary arrays cannot promise.
        if onlyFlags, fileModel == nil, constraints.isEmpty, seeds == nil, chosen == 2 || exhaustive {
            let binary = exhaustive ? PairwiseCoveringArray.allRows(flagCount: count) : PairwiseCoveringArray.rows(flagCount: count)
            return MatrixPlan(dimensions: dimensions, rows: binary.map { $0.map { $0 ? 0 : 1 } }, strength: chosen)
        }
        if exhaustive {
            let total = dimensions.reduce(1.0) { $0 * Double($1.values.count) }
            guard total <= Double(maximumRows) else {
                throw CLIError.failure("--exhaustive would run \(Int(min(total, 1e18))) combinations, more than \(maximumRows); use --strength N")
            }
        }
        var text = ""
        if fileModel == nil {
            for dimension in dimensions {
                text += "\(dimension.name): " + dimension.values.joined(separator: ", ") + "\n"
            }
        }
        let firstConstraintLine = text.split(separator: "\n").count + 1
        for constraint in constraints { text += constraint.hasSuffix(";") ? constraint + "\n" : constraint + ";\n" }
        for (a, b) in conflicts where a.values.contains(MatrixDimension.notForced) && b.values.contains(MatrixDimension.notForced) {
            text += "IF [\(a.name)] <> \"\(MatrixDimension.notForced)\" THEN [\(b.name)] = \"\(MatrixDimension.notForced)\";\n"
        }
        var model: CombinationModel
        do {
            if var fileModel {
                // The file's own parameters, sub-models and constraints, and the rules given beside it.
                if !text.isEmpty {
                    let header = fileModel.parameters.map { "\($0.name): " + $0.values.map(\.name).joined(separator: ", ") }
                        .joined(separator: "\n") + "\n"
                    fileModel.constraints += try parser.parse(header + text, file: constraintName).constraints
                }
                model = fileModel
            } else {
                model = try parser.parse(text, file: constraintName)
            }
        } catch {
            throw CLIError.failure(describe(error, firstConstraintLine: fileModel == nil ? firstConstraintLine : (fileModel?.parameters.count ?? 0) + 1))
        }
        model.strength = max(1, chosen)
        if let seeds {
            var seedParser = SeedParser()
            model.seeds = try CombinationsCommand.diagnosed { () throws(ModelDiagnostic) in try seedParser.parse(seeds.text, file: seeds.name, for: model) }
        }
        let array: CoveringArray
        do {
            array = try CombinationGenerator(options: .init(randomSeed: 0)).generate(model)
        } catch {
            throw CLIError.failure(describe(error, firstConstraintLine: firstConstraintLine))
        }
        guard array.rows.count <= maximumRows else { throw CLIError.failure("the matrix would run \(array.rows.count) combinations, more than \(maximumRows)") }
        return MatrixPlan(dimensions: dimensions, rows: array.rows, strength: model.strength)
    }

    private static func resolve(_ argument: String, environment: FlagsEnvironment, where file: String?) throws -> MatrixDimension {
        do throws(MatrixDimensionError) {
            return try MatrixDimension.resolve(argument, in: environment)
        } catch {
            throw CLIError.failure((file.map { "\($0): " } ?? "") + error.description)
        }
    }

    /// A problem in a `--constraint` said by its number among them, not by a line of the model
    /// built from the dimensions.
    private static func describe(_ diagnostic: ModelDiagnostic, firstConstraintLine: Int) -> String {
        guard let location = diagnostic.location, location.file == constraintName else { return diagnostic.description }
        var shifted = diagnostic
        let number = location.line - firstConstraintLine + 1
        shifted.location = nil
        let place = number >= 1 ? "\(constraintName) \(number), column \(location.column)" : "the dimensions' model, line \(location.line)"
        return "\(place): \(shifted.description)"
    }
}
#endif
