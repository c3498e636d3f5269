#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import Combinations
import Platform

/// `flags combinations MODEL`: the rows of a PICT model file, printed as PICT prints them. It
/// runs nothing and reads no registry, so QA can use it for any product, not only flags.
struct CombinationsCommand: FlagsCommand {
    static let name = "combinations"
    static let summary = "Print the combinations of a PICT model file (t-way, with constraints)"
    static let usage = "flags combinations MODEL [--strength N] [--seed FILE] [--random-seed N] [--case-sensitive]"
    static let help = """
        Reads MODEL, a model file in PICT's language (parameters and their values, aliases
        `a | b`, negative values `~x`, weights `x (5)`, sub-models `{ A, B } @ 3`, and constraints
        such as `IF [OS] = "macOS" THEN [Browser] <> "Edge";`), and prints a header line of the
        parameter names, then one tab-separated row per combination, as PICT does. Every
        combination of the values of any N parameters that the constraints allow appears in some
        row (N is 2 by default: pairwise), no row breaks a constraint, and a negative value
        appears alone in its row, in the rows printed last. The rows are usually fewer than
        PICT's for the same model (docs/COMBINATIONS.md).

        The same model, strength, seed rows and --random-seed give the same rows in the same
        order on every machine, so CI shards of one list agree. An unknown parameter or value in
        a constraint, a sub-model or a seed file is an error at its file:line:column, with the
        nearest name. What PICT would accept but is probably a mistake (a value no row can hold,
        a seed row that breaks a constraint) is a `warning:` line on standard error.
        """
    static let strengthOption = ValueOption("--strength", value: .text("N"),
                                            help: "cover every combination of N parameters' values (default 2; PICT's /o)")
    static let seedOption = ValueOption("--seed", value: .file,
                                        help: "rows that must come first: a file in PICT's output form (a header of names, tab-separated rows; PICT's /e)")
    static let randomSeedOption = ValueOption("--random-seed", value: .text("N"), help: "another, equally reproducible set of rows (default 0)")
    static let caseSensitive = FlagOption("--case-sensitive", help: "names and string values compare case-sensitively (PICT's /c)")
    static let options: [any DeclaredOption] = [strengthOption, seedOption, randomSeedOption, caseSensitive]
    static let arguments = [ArgumentSpec(.file)]
    static let examples = [
        CommandExample("flags combinations browsers.txt", "every pair of values, in few rows"),
        CommandExample("flags combinations --strength 3 --seed must-run.tsv browsers.txt > rows.tsv", "every triple, starting with the rows that must run"),
    ]
    static var needsEnvironment: Bool { false }

    /// A model or seed file larger than this is refused before it is read whole: PICT models
    /// are a few kilobytes, and a generated one of thousands of values stays far below.
    static let maximumFileSize = 4 * BoundedFileReader.mebibyte

    let model: String
    let strength: Int?
    let seed: String?
    let randomSeed: UInt64
    let isCaseSensitive: Bool

    init(arguments: inout ArgumentList) throws(CLIError) {
        isCaseSensitive = arguments.take(Self.caseSensitive)
        seed = try arguments.path(of: Self.seedOption, command: Self.name)
        strength = try Self.wholeNumber(of: Self.strengthOption, atLeast: 1, in: &arguments).map(Int.init)
        randomSeed = try Self.wholeNumber(of: Self.randomSeedOption, atLeast: 0, in: &arguments) ?? 0
        model = try arguments.onePositional("MODEL", command: Self.name)
        guard !model.isEmpty else { throw .usage("MODEL is an empty path", command: Self.name) }
    }

    /// The value of a whole-number option, refused with its name when it is not one from `minimum`.
    private static func wholeNumber(of option: ValueOption, atLeast minimum: UInt64, in arguments: inout ArgumentList) throws(CLIError) -> UInt64? {
        guard let text = try arguments.value(of: option, command: name) else { return nil }
        guard let value = UInt64(text), value >= minimum, value <= UInt64(Int.max) else {
            throw .usage("\(option.name) takes a whole number from \(minimum), not '\(text)'", command: name)
        }
        return value
    }

    func run(in context: CommandContext) throws {
        let options = ModelParser.Options(isCaseSensitive: isCaseSensitive)
        var parser = ModelParser(options: options)
        let bytes = try Self.read(self.model, in: context)
        var model = try Self.diagnosed { () throws(ModelDiagnostic) in try parser.parse(bytes: bytes, file: self.model) }
        var warnings = parser.warnings
        if let strength {
            guard strength <= model.parameters.count else {
                throw CLIError.usage("\(Self.strengthOption.name) \(strength) is more than the model's \(model.parameters.count) parameters", command: Self.name)
            }
            model.strength = strength
        }
        if let seed {
            var seeds = SeedParser(options: options)
            let bytes = try Self.read(seed, in: context)
            guard let text = String(validating: bytes, as: UTF8.self) else { throw CLIError.failure("\(seed): the seed file is not UTF-8") }
            model.seeds = try Self.diagnosed { () throws(ModelDiagnostic) in try seeds.parse(text, file: seed, for: model) }
            warnings += seeds.warnings
        }
        let generator = CombinationGenerator(options: .init(randomSeed: randomSeed))
        let array = try Self.diagnosed { () throws(ModelDiagnostic) in try generator.generate(model) }
        for warning in warnings + array.warnings { context.console.printError("warning: \(warning)") }
        for line in PICTOutput.lines(of: array) { context.console.printFields(line) }
    }

    /// A model or seed file, read whole up to ``maximumFileSize``.
    static func read(_ path: String, in context: CommandContext) throws(CLIError) -> [UInt8] {
        do {
            return try BoundedFileReader.read(path: context.absolutePath(path), limit: maximumFileSize)
        } catch {
            throw .failure("cannot read \(path): \(error.reason)")
        }
    }

    /// A problem in the model is the request failing (exit 1), said as `file:line:column: …`.
    static func diagnosed<T>(_ work: () throws(ModelDiagnostic) -> T) throws(CLIError) -> T {
        do {
            return try work()
        } catch {
            throw CLIError.failure(error.description)
        }
    }
}
#endif
