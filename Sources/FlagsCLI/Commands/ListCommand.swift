#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import Formats

/// `flags list`: every flag with its value and where the value comes from.
struct ListCommand: FlagsCommand {
    static let name = "list"
    static let summary = "List every flag with its value and where it comes from"
    static let usage = "flags list [--json] [--overridden]"
    static let help = """
        Lists every flag of the app, sorted by id: its value (what isEnabled returns), where the
        value comes from (override, experiment, rollout, default), the stored override and the
        value Nimbus gives underneath it.
        """
    static let json = FlagOption.json("print a JSON array of flag objects, sorted by id")
    static let overridden = FlagOption("--overridden", help: "only flags with a stored override (the quick way to find leftovers)")
    static let options: [any DeclaredOption] = [json, overridden]
    static let examples = [
        CommandExample("flags list --overridden", "the flags someone left overridden"),
        CommandExample("flags list --json | jq -r '.[] | select(.source == \"experiment\") | .id'", "the flags an experiment sets"),
    ]

    let json: Bool
    let overriddenOnly: Bool

    /// Colors that let the eye find what is not a default: values, and sources by kind.
    static func style(column: Int, cell: String) -> ANSIStyle? {
        switch column {
        case 1, 3, 4: cell == "on" ? .green : cell == "off" ? .red : nil
        case 2:
            if cell.hasPrefix("override") { .yellow }
            else if cell.hasPrefix("experiment") { .magenta }
            else if cell.hasPrefix("rollout") { .cyan }
            else { .dim }
        default: nil
        }
    }

    init(arguments: inout ArgumentList) throws(CLIError) {
        json = arguments.take(Self.json)
        overriddenOnly = arguments.take(Self.overridden)
        try arguments.expectNoPositionals(command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        // One read of the store for every flag, not a store check per flag.
        let states = environment.provider.statesInOrder(of: environment.registry.flags)
        // Lazy: the table's rows (or the JSON) are made straight from each report, without a
        // list of 100,000 reports held beside them.
        let reports = states.lazy
            .map { FlagReport(state: $0, environment: environment) }
            .filter { !overriddenOnly || $0.state.override != nil }
        if json {
            context.console.printJSON(JSONValue.array(reports.map(\.json)))
            return
        }
        if context.opensDemo && context.console.errorIsTerminal {
            context.console.printError("note: no \(FlagsEnvironment.registryFileName) found here or above; showing the built-in Bibimbap demo (\(environment.registry.path))")
        }
        guard !reports.isEmpty else {
            context.console.print(overriddenOnly ? "No overrides are set." : "The registry has no flags.")
            return
        }
        let rows = Array(reports.map { report -> [String] in
            let state = report.state
            return [state.flag.rawValue, OnOff.text(state.enabled), report.sourceText,
                    state.override.map(OnOff.text) ?? "-", OnOff.text(state.nimbus.enabled),
                    state.flag.isDebuggable ? "yes" : "no"]
        })
        var table = TextTable(header: ["FLAG", "VALUE", "SOURCE", "OVERRIDE", "NIMBUS", "DEBUGGABLE"], rows: rows)
        table.style = Self.style
        context.print(table)
    }
}
#endif
