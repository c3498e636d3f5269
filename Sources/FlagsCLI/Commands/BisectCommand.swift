#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import FlagsTool
import Platform

/// `flags bisect`: the smallest set of differences between a passing and a failing state that
/// makes a command fail (`Bisection`), with the store put back as it was.
struct BisectCommand: FlagsCommand {
    static let name = "bisect"
    static let summary = "Find the flags whose combination makes a command fail (delta debugging)"
    static let usage = "flags bisect --good STATE --bad STATE [--timeout DURATION] [--retries N] [--junit FILE] [--html FILE] -- COMMAND [ARGS...]"
    static let help = """
        COMMAND passes (exits 0) in the --good state and fails in the --bad one. Their
        differences (flag overrides, preferences, forced branches, feature variables) are tried
        in subsets on top of the good state with Zeller's ddmin, until the smallest set that still
        fails is left, so an interaction of two or three flags is found, not only one culprit:
        "fails when tipJar=on and spice-level=5 together; each alone passes".

        A STATE is a preset's name (or preset:NAME), a file written by `flags export`, `current`
        (the store as it is), `defaults` (nothing overridden or set), or a combination as
        `flags matrix` prints it (tipJar=on,reviews=off) on top of the current state.

        Each run writes the state to the store (one transaction) and runs COMMAND with FLAGS_STORE,
        FLAGS_CONFIG and FLAGS_BISECT_STATE (the differences applied) set; its output goes to
        standard error. The good and bad states and the answer are run twice: a state that gives
        both answers, or a run that passes on retry, is reported as flaky, never as a culprit.

        The store is put back as it was (overrides, forced branches, feature overrides and
        preferences) when the bisection ends, fails or is stopped with Ctrl-C; after a kill, the
        next `flags` command (or `flags matrix --recover`) puts it back. Exit status: 0 when a
        culprit was found, 1 when the command is flaky or the states do not pass and fail.
        """
    static let goodState = ValueOption("--good", value: .bisectState, help: "a state in which COMMAND passes")
    static let badState = ValueOption("--bad", value: .bisectState, help: "a state in which COMMAND fails")
    static let runs = MatrixReportOptions.Declared(
        retries: "run a failing state up to N more times; a pass then means flaky",
        junit: "also write every run as JUnit XML to FILE (one test case per state tried)",
        html: "also write every run as one self-contained HTML page to FILE, the culprit highlighted")
    static let options: [any DeclaredOption] = [goodState, badState] + runs.all
    static let examples = [
        CommandExample("flags bisect --good defaults --bad checkout-qa -- swift test",
                       "which of the preset checkout-qa's flags make the tests fail"),
        CommandExample("flags bisect --good current --bad qa.json --timeout 5m -- ./ui-tests.sh",
                       "from the current state to an exported one, each run at most five minutes"),
    ]

    let good: String
    let bad: String
    let command: [String]
    let reports: MatrixReportOptions

    init(arguments: inout ArgumentList) throws(CLIError) {
        command = arguments.trailing
        let good = try arguments.value(of: Self.goodState, command: Self.name)
        let bad = try arguments.value(of: Self.badState, command: Self.name)
        reports = try MatrixReportOptions(arguments: &arguments, declared: Self.runs, command: Self.name)
        try arguments.expectNoPositionals(command: Self.name)
        guard let good, let bad else {
            throw .usage("give both --good STATE (where COMMAND passes) and --bad STATE (where it fails), such as --good defaults --bad my-preset",
                         command: Self.name)
        }
        guard !command.isEmpty else { throw .usage("give the COMMAND to run after --", command: Self.name) }
        self.good = good
        self.bad = bad
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let read = { (text: String, option: String) throws -> SavedFlagState in
            try SavedStateArgument.read(text, option: option, environment: environment, workingDirectory: context.options.workingDirectory)
        }
        let bisection = Bisection(good: try read(good, Self.goodState.name), bad: try read(bad, Self.badState.name))
        guard !bisection.units.isEmpty else {
            throw CLIError.failure("--good \(good) and --bad \(bad) are the same state: there is no difference to bisect")
        }
        let units = bisection.units.count
        context.console.printError("bisecting \(units) difference\(units == 1 ? "" : "s") between --good \(good) and --bad \(bad) "
                                   + "(at most \(bisection.maximumRuns) runs)")
        let journal = MatrixJournal(environment: environment)
        try journal.begin(command: "flags bisect", includingPreferences: true)
        // The bisection leaves the store as it found it: its runs are not history.
        environment.prefs.recordsHistory = false
        let interruption = StopSignal()
        defer { interruption.stop() }
        let runner = reports.runner(command)
        let result: Bisection.Result
        do {
            var count = 0
            result = try bisection.run { state, applied in
                count += 1
                try environment.prefs.apply(state.exactChanges(for: environment))
                let label = BisectUnit.labels(applied, among: bisection.units).joined(separator: ",")
                context.console.printError("[run \(count)] " + (applied.isEmpty ? "the good state" : applied.count == units ? "the bad state" : label))
                let run = try runner.run(environment: ["FLAGS_STORE": environment.storePath, "FLAGS_CONFIG": environment.registry.path,
                                                       "FLAGS_BISECT_STATE": label], shouldStop: { interruption.caught })
                context.console.printError("[run \(count)] \(run.outcome.text) in \(Self.seconds(run.seconds)) s")
                return run
            }
        } catch {
            // The store or the command failed mid-way: the journal still holds the state to restore.
            _ = try? journal.restore()
            throw error
        }
        try journal.restore()
        let rows = result.steps.map { step in
            ReportRow(name: step.name, settings: step.applied.map { ($0.name(qualified: true), BisectUnit.shown($0.bad)) },
                      outcome: step.run.outcome, seconds: step.run.seconds, output: step.run.output)
        }
        var culprit: [(dimension: String, value: String)] = []
        if case .culprit(let found) = result.finding { culprit = found.map { ($0.name(qualified: true), BisectUnit.shown($0.bad)) } }
        try reports.write(rows, title: "flags bisect", command: command, mode: "ddmin", context: context,
                          dimensions: bisection.units.map { $0.name(qualified: true) }, highlighted: culprit, summary: result.sentence)
        let runs = "\(result.runs) run\(result.runs == 1 ? "" : "s")"
        switch result.finding {
        case .culprit:
            context.console.print(result.sentence)
            context.console.print("\(runs) (at most \(bisection.maximumRuns) for \(units) differences); the store was restored to its state before the bisection.")
        case .flaky:
            context.console.print(result.sentence)
            context.console.print("\(runs); the store was restored to its state before the bisection.")
            throw CLIError.answeredNo
        case .goodFails, .badPasses, .interrupted:
            throw CLIError.failure("\(result.sentence); the store was restored to its state before the bisection")
        }
    }

    static func seconds(_ value: Double) -> String {
        let hundredths = Int((max(0, value) * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
#endif
