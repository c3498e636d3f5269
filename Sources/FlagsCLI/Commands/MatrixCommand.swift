#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import FeatureFlags
import Nimbus
import Platform
import Synchronization
import FlagsTool

/// `flags matrix`: runs a command once per combination of boolean flags, then puts the
/// overrides back as they were.
struct MatrixCommand: FlagsCommand {
    static let name = "matrix"
    static let summary = "Run a command across combinations of flags (pairwise or exhaustive)"
    static let usage = "flags matrix [--pairwise | --exhaustive] [--json] ID... -- COMMAND [ARGS...] | flags matrix --recover"
    static let help = """
        For each combination of the flags ID..., sets them as overrides (one transaction), runs
        COMMAND with FLAGS_COMBINATION=a=on,b=off (and FLAGS_STORE, FLAGS_CONFIG so a `flags`
        inside sees the same app), and records pass (exit 0) or fail and the time taken. Progress
        goes to standard error; a table (or --json) of the results to standard output.

        --pairwise (the default) runs the fewest combinations in which every pair of values of
        every two flags appears: 4 for 2-3 flags, 5 for 4, 6 for 5-10, 7 for 11-15, 8 for 16-35,
        9 for 36-56, 10 for 57-126. --exhaustive runs all 2^n.

        The overrides in force before the matrix are restored afterwards: when the command fails,
        on Ctrl-C or SIGTERM, and — if the matrix itself is killed — by the next `flags` command
        or `flags matrix --recover`. Exit status: 0 only if every combination passed.
        """
    static let options = [
        OptionSpec(["--pairwise"], "every pair of values of every two flags, in the fewest runs (the default)"),
        OptionSpec(["--exhaustive"], "all 2^n combinations"),
        OptionSpec(["--json"], "print the results as JSON"),
        OptionSpec(["--recover"], "restore the overrides a killed matrix changed"),
    ]
    static let arguments = [ArgumentSpec(.flagID, repeats: true)]
    static let examples = [CommandExample("flags matrix a b c -- swift test", "the tests with every pair of values of a, b and c")]

    enum Mode: String { case pairwise, exhaustive }

    let mode: Mode
    let json: Bool
    let recover: Bool
    let ids: [String]
    let command: [String]

    init(arguments: inout ArgumentList) throws(CLIError) {
        let exhaustive = arguments.flag("--exhaustive")
        let pairwise = arguments.flag("--pairwise")
        if exhaustive && pairwise { throw .usage("choose --pairwise or --exhaustive, not both", command: Self.name) }
        mode = exhaustive ? .exhaustive : .pairwise
        json = arguments.flag("--json")
        recover = arguments.flag("--recover")
        command = arguments.trailing
        ids = try arguments.positionals(command: Self.name)
        if recover { return }
        guard !ids.isEmpty else { throw .usage("give the flag IDs to combine", command: Self.name) }
        guard !command.isEmpty else { throw .usage("give the COMMAND to run after --", command: Self.name) }
        if let duplicate = Dictionary(grouping: ids, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw .usage("flag '\(duplicate)' is given twice", command: Self.name)
        }
        if mode == .exhaustive && ids.count > 16 {
            throw .usage("--exhaustive with \(ids.count) flags would run \(1 << min(ids.count, 62)) combinations; use --pairwise", command: Self.name)
        }
        if ids.count > 126 { throw .usage("at most 126 flags can be combined", command: Self.name) }
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let journal = MatrixJournal(environment: environment)
        if recover {
            let restored = try journal.restore()
            context.console.print(restored ? "restored the overrides saved before the last matrix" : "nothing to recover: no matrix left overrides behind")
            return
        }
        let flags = try ids.map { id throws in try environment.registry.flag(id) }
        if let flag = flags.first(where: { $0.debugKey == nil }) { throw FeatureFlagError.notDebuggable(flag.rawValue) }
        let rows = mode == .pairwise ? PairwiseCoveringArray.rows(flagCount: flags.count) : PairwiseCoveringArray.allRows(flagCount: flags.count)

        try journal.begin()
        let interruption = InterruptionWatcher()
        var results: [MatrixResult] = []
        defer { interruption.stop() }
        do {
            for (index, row) in rows.enumerated() {
                if let signal = interruption.caught { results.append(MatrixResult(values: row, outcome: .interrupted(signal), seconds: 0)); break }
                try environment.prefs.apply(zip(flags, row).map { .set($0.debugKey!, .bool($1)) })
                let combination = zip(flags, row).map { "\($0.rawValue)=\(OnOff.text($1))" }.joined(separator: ",")
                context.console.printError("[\(index + 1)/\(rows.count)] \(combination)")
                let result = try runCommand(combination: combination, environment: environment, values: row, interruption: interruption)
                context.console.printError("[\(index + 1)/\(rows.count)] \(result.outcome.text) in \(result.secondsText) s")
                results.append(result)
            }
        } catch {
            // The store or the command failed mid-way: the journal still holds the state to restore.
            _ = try? journal.restore()
            throw error
        }
        try journal.restore()
        report(results, total: rows.count, flags: flags, context: context)
        if let signal = interruption.caught {
            throw CLIError.failure("interrupted by signal \(signal) after \(results.count - 1) of \(rows.count) combinations; the overrides were restored")
        }
        let failed = results.filter { $0.outcome != .passed }.count
        if failed > 0 { throw CLIError.failure("\(failed) of \(rows.count) combinations failed; the overrides were restored") }
    }

    private func runCommand(combination: String, environment: FlagsEnvironment, values: [Bool],
                            interruption: InterruptionWatcher) throws -> MatrixResult {
        var childEnvironment = ProcessInfo.processInfo.environment
        childEnvironment["FLAGS_COMBINATION"] = combination
        childEnvironment["FLAGS_STORE"] = environment.storePath
        childEnvironment["FLAGS_CONFIG"] = environment.registry.path
        let started = ContinuousClock.now
        let ending: ChildProcess.Ending
        do {
            // Through env, which finds the command on PATH and says so when it cannot.
            ending = try ChildProcess.run(["/usr/bin/env"] + command, environment: childEnvironment)
        } catch {
            throw CLIError.failure("cannot run \(command[0]): \(ErrorText.describe(error))")
        }
        let seconds = (ContinuousClock.now - started).inSeconds
        if let signal = interruption.caught { return MatrixResult(values: values, outcome: .interrupted(signal), seconds: seconds) }
        switch ending {
        case .killed(let signal):
            return MatrixResult(values: values, outcome: .failed("killed by signal \(signal)"), seconds: seconds)
        case .exited(let status):
            return MatrixResult(values: values, outcome: status == 0 ? .passed : .failed("exit \(status)"), seconds: seconds)
        }
    }

    private func report(_ results: [MatrixResult], total: Int, flags: [FeatureFlagID], context: CommandContext) {
        if json {
            context.console.printJSON(JSONValue.object([
                "mode": .string(mode.rawValue),
                "flags": .array(flags.map { .string($0.rawValue) }),
                "command": .array(command.map(JSONValue.string)),
                "planned": .int(total),
                "passed": .int(results.filter { $0.outcome == .passed }.count),
                "combinations": .array(results.map { result in
                    .object(["values": .object(Dictionary(uniqueKeysWithValues: zip(flags.map(\.rawValue), result.values.map(JSONValue.bool)))),
                             "result": .string(result.outcome.name), "detail": .string(result.outcome.text),
                             "seconds": .double((result.seconds * 1000).rounded() / 1000)])
                }),
                "overridesRestored": .bool(true),
            ]))
            return
        }
        let perColumn = flags.count <= 6
        let header = ["#"] + (perColumn ? flags.map(\.rawValue) : ["COMBINATION (on)"]) + ["RESULT", "TIME"]
        let rows = results.enumerated().map { index, result -> [String] in
            let values = perColumn ? result.values.map(OnOff.text)
                : [zip(flags, result.values).filter(\.1).map(\.0.rawValue).joined(separator: ",").nonEmpty ?? "(all off)"]
            return ["\(index + 1)"] + values + [result.outcome.text, result.secondsText + "s"]
        }
        context.console.print(TextTable(header: header, rows: rows).render())
        let passed = results.filter { $0.outcome == .passed }.count
        context.console.print("\(passed) of \(total) combinations passed (\(mode.rawValue)); overrides restored to their state before the matrix.")
    }
}

/// One combination's outcome.
struct MatrixResult {
    enum Outcome: Equatable {
        case passed
        case failed(String)
        case interrupted(Int32)

        var name: String {
            switch self {
            case .passed: "pass"
            case .failed: "fail"
            case .interrupted: "interrupted"
            }
        }

        var text: String {
            switch self {
            case .passed: "pass"
            case .failed(let why): "fail (\(why))"
            case .interrupted(let signal): "interrupted (signal \(signal))"
            }
        }
    }

    var values: [Bool]
    var outcome: Outcome
    var seconds: Double

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
