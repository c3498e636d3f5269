#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import Combinations
import Dispatch
import FeatureFlags
import Formats
import Platform
import Synchronization
import FlagsTool

/// `flags matrix`: runs a command once per combination of the values of flags, feature
/// variables and experiments' branches (t-way, with constraints), then puts the overrides back
/// as they were.
struct MatrixCommand: FlagsCommand {
    static let name = "matrix"
    static let summary = "Run a command across combinations of flags, feature variables and branches (t-way, with constraints)"
    static let usage = "flags matrix [--pairwise | --exhaustive | --strength N] [--constraint TEXT]... [--seed FILE] [--json] [--shard K/N] [--timeout DURATION] [--retries N] [--junit FILE] "
        + "[--html FILE] (DIMENSION... | --model FILE) -- COMMAND [ARGS...] | flags matrix --merge [--json] [--junit FILE] [--html FILE] RESULT... | flags matrix --recover"
    static let help = """
        A DIMENSION is a Boolean flag ID (on, off); FEATURE.VARIABLE, a feature variable (an
        enum's variants, a Boolean's true and false, or the values given for any other type:
        `bibimbap-feature.spice-level=1,3,5`); or an experiment or rollout SLUG (each branch, and
        not-forced: no forced branch, so its own targeting decides); or a typed preference ID (its
        values, as `flags pref set` stores them); or `locale=en-US,de-DE`, the locale targeting
        reads, which COMMAND receives as LC_ALL and LANG (de_DE.UTF-8), as every `flags` and the
        app read it. `=V1,V2` narrows any of them.
        For each combination, sets the values in one transaction, as `flags set`, `flags feature
        set` and `flags enroll` would, runs COMMAND with FLAGS_COMBINATION=a=on,b=3 (and
        FLAGS_STORE, FLAGS_CONFIG so a `flags` inside sees the same app), and records pass (exit
        0) or fail and the time taken. Progress, with the time left, and everything COMMAND
        prints (its standard output too) go to standard error, so standard output holds only the
        results: a table, or --json.

        --pairwise (the default) runs few combinations in which every pair of values of every two
        dimensions appears (for Boolean flags the fewest: 4 for 2-3 flags, 5 for 4, 6 for 5-10, 7
        for 11-15, 8 for 16-35, 9 for 36-56, 10 for 57-126); --strength N every N-tuple;
        --exhaustive every combination. --constraint takes a rule in PICT's syntax over the
        dimensions' names and values (`IF [tipJar] = "on" THEN [bibimbap-feature.spice-level] <> 5;`);
        a combination that breaks one is never run. --seed FILE gives rows that run first, in
        PICT's seed form (a tab-separated header of DIMENSION names, then rows of their values),
        as `flags combinations --seed` reads it. Two experiments on one feature are never both
        forced: Nimbus would enroll in one only. --model FILE reads the dimensions, their values,
        sub-models and constraints from a PICT model file whose parameter names are DIMENSIONs.
        The same dimensions and rules give the same list on every machine.

        The overrides in force before the matrix are restored afterwards: when the command fails,
        on Ctrl-C or SIGTERM, and — if the matrix itself is killed — by the next `flags` command
        or `flags matrix --recover`. Exit status: 0 only if every combination passed.

        For a CI job matrix (no scheduler of ours): --shard K/N runs only the K-th of N disjoint
        parts of the same list (rows K, K+N, K+2N, … of it; every machine computes the same list
        for the same flags and mode) and prints its JSON result; --merge RESULT... checks that the
        N results cover the list exactly once (a part missing, given twice or cut short is an
        error naming it) and reports the whole matrix as one unsharded run would, failing when
        any combination failed.

        --timeout ends a run that takes longer (its whole process group) and counts it as a failure
        named as a time-out; --retries N runs a failed combination up to N more times, and one that
        then passes is reported flaky, not passed (and fails the matrix too). After a matrix with
        failures, the settings, pairs and triples found in every failing combination and in no
        passing one are listed, with the `flags bisect` line that would confirm the first.
        --junit FILE also writes the results as JUnit XML (one test case per combination), for the
        test report of a CI system; --html FILE a page with the grid of combinations, colored by
        result, the failing interaction highlighted. With --merge, both are of the whole matrix.
        """
    static let pairwise = FlagOption("--pairwise", help: "every pair of values of every two flags, in the fewest runs (the default)")
    static let exhaustive = FlagOption("--exhaustive", help: "every combination")
    /// `flags combinations`'s: the same strength of the same generator.
    static let strengthOption = CombinationsCommand.strengthOption
    static let constraintOption = ValueOption("--constraint", value: .text("TEXT"),
                                              help: "a rule in PICT's syntax that every combination keeps (repeatable)")
    /// `flags combinations`'s: the same seed rows of the same generator.
    static let seedOption = CombinationsCommand.seedOption
    static let modelOption = ValueOption("--model", value: .file, help: "a PICT model file whose parameters are the dimensions")
    static let json = FlagOption.json("print the results as JSON")
    static let recover = FlagOption("--recover", help: "restore the overrides a killed matrix changed")
    static let shard = ValueOption("--shard", value: .text("K/N"),
                                   help: "run only part K of N of the combinations and print its JSON result (a CI job's share)")
    static let merge = FlagOption("--merge", arguments: [ArgumentSpec(.file, repeats: true)],
                                  help: "report the JSON results of the --shard parts (the RESULT files) as one matrix")
    static let runs = MatrixReportOptions.Declared(
        retries: "run a failed combination up to N more times; a pass then is reported flaky",
        junit: "also write the results as JUnit XML to FILE",
        html: "also write the results as one self-contained HTML page to FILE")
    static let options: [any DeclaredOption] = [pairwise, exhaustive, strengthOption, constraintOption, seedOption, modelOption, json, recover, shard]
        + runs.all + [merge]
    static let arguments = [ArgumentSpec(.flagID, repeats: true)]
    static let examples = [
        CommandExample("flags matrix a b c -- swift test", "the tests with every pair of values of a, b and c"),
        CommandExample("flags matrix tipJar start-at-home-feature.setting bibimbap-feature.spice-level=1,3,5 new-menu-test "
                       + "--constraint 'IF [tipJar] = \"off\" THEN [bibimbap-feature.spice-level] <> 5;' -- ./ui-tests.sh",
                       "a flag, an enum, three spice levels and the experiment's branches, pairwise, with a rule"),
        CommandExample("flags matrix --shard 2/3 a b c -- swift test > part2.json",
                       "the second of three CI jobs' shares; `flags matrix --merge part*.json` then reports them as one"),
    ]

    enum Mode: String { case pairwise, exhaustive }

    let mode: Mode
    let strength: Int?
    let constraints: [String]
    let modelFile: String?
    /// `--seed`: a file of rows that run first.
    let seedFile: String?
    let json: Bool
    let recover: Bool
    let ids: [String]
    let command: [String]
    let shard: MatrixShard?
    /// `--merge`: `ids` are then the RESULT files.
    let merge: Bool
    var reports = MatrixReportOptions()

    init(arguments: inout ArgumentList) throws(CLIError) {
        let exhaustive = arguments.take(Self.exhaustive)
        let pairwise = arguments.take(Self.pairwise)
        if exhaustive && pairwise { throw .usage("choose --pairwise or --exhaustive, not both", command: Self.name) }
        mode = exhaustive ? .exhaustive : .pairwise
        constraints = try arguments.values(of: Self.constraintOption, command: Self.name)
        modelFile = try arguments.path(of: Self.modelOption, command: Self.name)
        seedFile = try arguments.path(of: Self.seedOption, command: Self.name)
        if let text = try arguments.value(of: Self.strengthOption, command: Self.name) {
            guard let value = Int(text), value >= 1 else { throw .usage("--strength takes a whole number from 1, not '\(text)'", command: Self.name) }
            guard !exhaustive && !pairwise else { throw .usage("choose --strength N, --pairwise or --exhaustive, not two", command: Self.name) }
            strength = value
        } else {
            strength = nil
        }
        json = arguments.take(Self.json)
        recover = arguments.take(Self.recover)
        merge = arguments.take(Self.merge)
        command = arguments.trailing
        reports = try MatrixReportOptions(arguments: &arguments, declared: Self.runs, command: Self.name)
        if let text = try arguments.value(of: Self.shard, command: Self.name) {
            do {
                shard = try MatrixShard(parsing: text)
            } catch {
                throw .usage(error.message, command: Self.name)
            }
        } else {
            shard = nil
        }
        ids = try arguments.positionals(command: Self.name)
        if recover { return }
        if merge {
            guard shard == nil, command.isEmpty else { throw .usage("--merge takes only the RESULT files of the parts, no --shard or COMMAND", command: Self.name) }
            guard !ids.isEmpty else { throw .usage("give the RESULT files to merge (one per --shard part)", command: Self.name) }
            return
        }
        if modelFile != nil {
            guard ids.isEmpty else { throw .usage("--model FILE names the dimensions; give no DIMENSION beside it", command: Self.name) }
            guard !command.isEmpty else { throw .usage("give the COMMAND to run after --", command: Self.name) }
            return
        }
        guard !ids.isEmpty else { throw .usage("give the dimensions to combine (flag IDs, FEATURE.VARIABLE, experiment slugs)", command: Self.name) }
        guard !command.isEmpty else { throw .usage("give the COMMAND to run after --", command: Self.name) }
        let names = ids.map { $0.split(separator: "=", maxSplits: 1).first.map(String.init) ?? $0 }
        if let duplicate = Dictionary(grouping: names, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw .usage("'\(duplicate)' is given twice", command: Self.name)
        }
        if mode == .exhaustive && ids.count > 16 {
            throw .usage("--exhaustive with \(ids.count) flags would run at least \(1 << min(ids.count, 62)) combinations; use --pairwise", command: Self.name)
        }
        if ids.count > 126 { throw .usage("at most 126 flags can be combined", command: Self.name) }
        if let strength, strength > ids.count { throw .usage("--strength \(strength) is more than the \(ids.count) dimensions", command: Self.name) }
    }

    func run(in context: CommandContext) throws {
        if merge { return try runMerge(context: context) }
        let environment = try context.environment()
        let journal = MatrixJournal(environment: environment)
        if recover {
            let restored = try journal.recover()
            context.console.print(restored ? "restored the overrides saved before the last matrix" : "nothing to recover: no matrix left overrides behind")
            return
        }
        let model = try modelFile.map { file in (name: file, bytes: try CombinationsCommand.read(file, in: context)) }
        let seeds = try seedFile.map { file throws -> (name: String, text: String) in
            guard let text = String(validating: try CombinationsCommand.read(file, in: context), as: UTF8.self) else {
                throw CLIError.failure("\(file): the seed file is not UTF-8")
            }
            return (file, text)
        }
        let plan = try MatrixPlan.make(ids: ids, modelFile: model, constraints: constraints,
                                       strength: mode == .exhaustive ? nil : strength, exhaustive: mode == .exhaustive, seeds: seeds,
                                       environment: environment)
        let dimensions = plan.dimensions
        let list = plan.rows
        // A shard runs its own rows of the whole list; `rowNumbers` are their places in it.
        let rowNumbers = shard?.rows(of: list.count) ?? Array(list.indices)
        let rows = rowNumbers.map { list[$0] }
        let names = dimensions.map(\.name)
        // A feature's variables outside the matrix keep the values overridden before it.
        let keptFeatureValues = NimbusOverrideStore(prefs: environment.prefs).overrides.featureValues

        // A user's choice the matrix writes is put back with the overrides.
        try journal.begin(includingPreferences: dimensions.contains(where: \.isPreference))
        // The matrix leaves the overrides as it found them: its passes are not history.
        environment.prefs.recordsHistory = false
        let interruption = StopSignal()
        var results: [MatrixResult] = []
        defer { interruption.stop() }
        do {
            for (index, row) in rows.enumerated() {
                let values = zip(dimensions, row).map { $0.values[$1] }
                if let signal = interruption.caught { results.append(MatrixResult(values: values, outcome: .interrupted(signal), seconds: 0)); break }
                try environment.prefs.apply(MatrixDimension.changes(for: Array(zip(dimensions, row)), keeping: keptFeatureValues))
                let combination = zip(names, values).map { "\($0)=\($1)" }.joined(separator: ",")
                context.console.printError("[\(index + 1)/\(rows.count)] \(combination)")
                let locale = zip(dimensions, values).first { $0.0.isLocale }.map { MatrixDimension.localeEnvironment($0.1) } ?? [:]
                let result = try runCommand(combination: combination, environment: environment, values: values, extra: locale,
                                            interruption: interruption, runner: reports.runner(command))
                results.append(result)
                let left = Self.timeLeft(spent: results.map(\.seconds), remaining: rows.count - index - 1)
                context.console.printError("[\(index + 1)/\(rows.count)] \(result.outcome.text) in \(result.secondsText) s\(left)")
            }
        } catch {
            // The store or the command failed mid-way: the journal still holds the state to restore.
            _ = try? journal.restore()
            throw error
        }
        try journal.restore()
        let modeName = plan.modeName(mode)
        try reports.write(results.map { $0.reportRow(flags: names) }, title: "flags matrix", command: command, mode: modeName, context: context)
        if let shard {
            context.console.printJSON(Self.json(mode: modeName, flags: names, isFlag: dimensions.map(\.isBooleanFlag),
                                                command: command.map(JSONValue.string), planned: list.count,
                                                results: results, rows: rowNumbers, shard: shard, overridesRestored: true))
        } else {
            report(results, total: rows.count, flags: names, isFlag: dimensions.map(\.isBooleanFlag), modeName: modeName,
                   bisectable: !dimensions.contains { $0.isExperiment || $0.isLocale }, context: context)
        }
        if let signal = interruption.caught {
            throw CLIError.failure("interrupted by signal \(signal) after \(results.count - 1) of \(rows.count) combinations; the overrides were restored")
        }
        try Self.failIfAnyFailed(results, flags: names, total: rows.count, what: shard.map { "combinations of part \($0)" } ?? "combinations",
                                 suffix: "; the overrides were restored")
    }

    /// ", about 12 s left": the mean time of a run so far times the runs left.
    static func timeLeft(spent: [Double], remaining: Int) -> String {
        guard remaining > 0, !spent.isEmpty else { return "" }
        let seconds = Int((spent.reduce(0, +) / Double(spent.count) * Double(remaining)).rounded(.up))
        return seconds < 120 ? ", about \(seconds) s left" : ", about \((seconds + 59) / 60) min left"
    }

    /// `--merge`: the parts' results checked and reported as one run.
    private func runMerge(context: CommandContext) throws {
        var parts: [(file: String, json: JSONValue)] = []
        for file in ids {
            let path = context.absolutePath(file)
            let bytes: [UInt8]
            do {
                bytes = try BoundedFileReader.read(path: path, limit: Self.maximumResultSize)
            } catch {
                throw CLIError.failure("cannot read \(path): \(error.reason)")
            }
            do {
                parts.append((file, try JSONParser.parse(bytes: bytes, file: path)))
            } catch {
                throw CLIError.failure(Self.notAResult(path: path, bytes: bytes, problem: "\(error)"))
            }
        }
        let merged: MatrixShardMerge
        do {
            merged = try MatrixShardMerge.merge(parts)
        } catch {
            throw CLIError.failure(error.message)
        }
        let results = merged.combinations.map { MatrixResult(json: $0, flags: merged.flags) }
        let whole = MatrixCommand(merging: self, command: merged.command.compactMap(\.stringValue))
        try reports.write(results.map { $0.reportRow(flags: merged.flags) }, title: "flags matrix", command: whole.command, mode: merged.mode, context: context)
        // The part files keep a flag's values as booleans, every other dimension's as strings.
        let isFlag = merged.flags.map { name in merged.combinations.allSatisfy { $0["values"]?[name]?.boolValue != nil } }
        // A part file does not say which dimension is an experiment; its `not-forced` value does.
        let bisectable = !results.contains { $0.values.contains(MatrixDimension.notForced) }
        whole.report(results, total: merged.planned, flags: merged.flags, isFlag: isFlag, modeName: merged.mode, bisectable: bisectable, context: context,
                     overridesRestored: merged.overridesRestored)
        try Self.failIfAnyFailed(results, flags: merged.flags, total: merged.planned, what: "combinations", suffix: "")
    }

    /// What a part that is not JSON holds, for `--merge`: its first line and the parse error,
    /// and how a part is written, since the usual cause is other output sent into the file.
    static func notAResult(path: String, bytes: [UInt8], problem: String) -> String {
        let firstLine = String(decoding: bytes.prefix(200), as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let shown = firstLine.count > 60 ? String(firstLine.prefix(59)) + "…" : firstLine
        let found = bytes.isEmpty ? "it is empty" : "it begins `\(shown)`"
        return "\(path) is not the JSON result of a matrix part: \(found) (\(problem)); "
            + "write each part with `flags matrix --shard K/N ... > FILE`, whose standard output is only the result"
    }

    /// A result file of one part is a few KB per combination; 10,000 combinations stay far below this.
    static let maximumResultSize = 64 * BoundedFileReader.mebibyte

    private init(merging other: MatrixCommand, command: [String]) {
        mode = other.mode
        strength = nil
        constraints = []
        modelFile = nil
        seedFile = nil
        json = other.json
        recover = false
        ids = other.ids
        self.command = command
        shard = nil
        merge = true
        reports = other.reports
    }

    /// Fails, naming each failed combination's flags, unless every one passed.
    private static func failIfAnyFailed(_ results: [MatrixResult], flags: [String], total: Int, what: String, suffix: String) throws {
        let failed = results.filter { $0.outcome != .passed }
        guard !failed.isEmpty else { return }
        let shown = failed.prefix(10).map { result in
            zip(flags, result.values).map { "\($0)=\($1)" }.joined(separator: ",") + " (\(result.outcome.text))"
        }
        let more = failed.count > 10 ? "; and \(failed.count - 10) more" : ""
        throw CLIError.failure("\(failed.count) of \(total) \(what) failed\(suffix): \(shown.joined(separator: "; "))\(more)")
    }

    /// `extra`: more of the command's environment (a locale dimension's `LC_ALL` and `LANG`).
    private func runCommand(combination: String, environment: FlagsEnvironment, values: [String], extra: [String: String],
                            interruption: StopSignal, runner: CommandRunner) throws -> MatrixResult {
        // The command's output goes where the progress goes: standard output is the result
        // (`--shard ... > part.json`), which a test runner's chatter would make unreadable.
        let run: CommandRunner.Run
        do {
            let variables = extra.merging(["FLAGS_COMBINATION": combination, "FLAGS_STORE": environment.storePath,
                                           "FLAGS_CONFIG": environment.registry.path]) { _, fixed in fixed }
            run = try runner.run(environment: variables, shouldStop: { interruption.caught })
        } catch {
            throw CLIError.failure(ErrorText.describe(error))
        }
        return MatrixResult(values: values, outcome: run.outcome, seconds: run.seconds, output: run.output)
    }

    /// The JSON report of a run (`rows` and `shard` only for a part of a sharded one). A flag's
    /// values are booleans, as the results of Boolean matrices always held them; every other
    /// dimension's are the names of its values.
    static func json(mode: String, flags: [String], isFlag: [Bool], command: [JSONValue], planned: Int, results: [MatrixResult],
                     rows: [Int]? = nil, shard: MatrixShard? = nil, overridesRestored: Bool) -> JSONValue {
        func value(_ text: String, column: Int) -> JSONValue { isFlag[column] ? .bool(text == "on") : .string(text) }
        var report: [String: JSONValue] = [
            "mode": .string(mode),
            "flags": .array(flags.map(JSONValue.string)),
            "command": .array(command),
            "planned": .int(planned),
            "passed": .int(results.filter { $0.outcome == .passed }.count),
            "combinations": .array(results.enumerated().map { position, result in
                var combination: [String: JSONValue] = [
                    "values": .object(Dictionary(uniqueKeysWithValues: result.values.enumerated().map { (flags[$0], value($1, column: $0)) })),
                    "result": .string(result.outcome.name), "detail": .string(result.outcome.text),
                    "seconds": .double((result.seconds * 1000).rounded() / 1000)]
                if let rows { combination["row"] = .int(rows[position]) }
                if result.outcome != .passed && !result.output.isEmpty { combination["output"] = .string(String(result.output.suffix(MatrixResult.outputInJSON))) }
                return .object(combination)
            }),
            "overridesRestored": .bool(overridesRestored),
        ]
        if let shard { report["shard"] = .object(["index": .int(shard.index), "count": .int(shard.count)]) }
        return .object(report)
    }

    /// `isFlag`: which columns are Boolean flags, whose values JSON keeps as booleans.
    /// `bisectable`: no dimension is an experiment or the locale, which `flags bisect` cannot set.
    private func report(_ results: [MatrixResult], total: Int, flags: [String], isFlag: [Bool], modeName: String, bisectable: Bool,
                        context: CommandContext, overridesRestored: Bool = true) {
        if json {
            context.console.printJSON(Self.json(mode: modeName, flags: flags, isFlag: isFlag, command: command.map(JSONValue.string), planned: total,
                                                results: results, overridesRestored: overridesRestored))
            return
        }
        let perColumn = flags.count <= 6
        let onlyFlags = !isFlag.contains(false)
        let header = ["#"] + (perColumn ? flags : [onlyFlags ? "COMBINATION (on)" : "COMBINATION"]) + ["RESULT", "TIME"]
        let rows = results.enumerated().map { index, result -> [String] in
            let values = perColumn ? result.values
                : onlyFlags ? [zip(flags, result.values).filter { $0.1 == "on" }.map(\.0).joined(separator: ",").nonEmpty ?? "(all off)"]
                : [zip(flags, result.values).map { "\($0)=\($1)" }.joined(separator: ",")]
            return ["\(index + 1)"] + values + [result.outcome.text, result.secondsText + "s"]
        }
        context.console.print(TextTable(header: header, rows: rows))
        let passed = results.filter { $0.outcome == .passed }.count
        context.console.print("\(passed) of \(total) combinations passed (\(modeName)); overrides restored to their state before the matrix.")
        let decided = results.map { result in (values: result.values, failed: result.outcome.decidesFailure) }
        for line in InteractionReport.lines(dimensions: flags, rows: decided, command: command, bisectable: bisectable) { context.console.print(line) }
    }
}

/// One combination's outcome.
struct MatrixResult {
    typealias Outcome = RunOutcome

    /// Each dimension's value name (`on`, `treatment`, `3`).
    var values: [String]
    var outcome: Outcome
    var seconds: Double
    /// What the command printed, for the reports of a failure.
    var output: String

    /// The characters of a failure's output a result file keeps, for `--merge --junit`.
    static let outputInJSON = 8 * 1024

    init(values: [String], outcome: Outcome, seconds: Double, output: String = "") {
        self.values = values
        self.outcome = outcome
        self.seconds = seconds
        self.output = output
    }

    /// The combination as the JUnit and HTML reports show it.
    func reportRow(flags: [String]) -> ReportRow {
        ReportRow(settings: zip(flags, values).map { ($0, $1) }, outcome: outcome, seconds: seconds, output: output)
    }

    /// A combination as a result file holds it (`MatrixCommand.json`), for `--merge`.
    init(json: JSONValue, flags: [String]) {
        values = flags.map { name in
            let value = json["values"]?[name]
            return value?.boolValue.map(OnOff.text) ?? value?.stringValue ?? "off"
        }
        switch json["seconds"] {
        case .double(let value): seconds = value
        case .int(let value): seconds = Double(value)
        default: seconds = 0
        }
        outcome = RunOutcome(name: json["result"]?.stringValue ?? "fail", text: json["detail"]?.stringValue ?? "")
        output = json["output"]?.stringValue ?? ""
    }

    /// The time to the hundredth: "0.25".
    var secondsText: String {
        let hundredths = Int((max(0, seconds) * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
#endif
