#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FlagsTool

/// `flags log`: the store's recent changes, newest first, with who made each.
struct LogCommand: FlagsCommand {
    static let name = "log"
    static let summary = "Show the store's recent changes: what, old → new, when and by whom"
    static let usage = "flags log [--json] [--since DURATION]"
    static let help = """
        Lists the changes recorded in the app's store, newest first: the key (a flag's override,
        a preference, a preset), its value before and after, when, and who made it (a `flags`
        command, `menu`, or an app's process name and id). The changes of one transaction (an
        import, a reset --all, a preset applied) share a number in the # column; `flags undo`
        takes back the newest. The store keeps the last 1,000 changes of the last 30 days.
        """
    static let json = FlagOption.json("print a JSON list of the changes")
    static let since = ValueOption("--since", value: .duration, help: "only changes of the last DURATION: 90s, 30m, 2h, 7d, 1w")
    static let options: [any DeclaredOption] = [json, since]
    static let examples = [
        CommandExample("flags log --since 2h", "what changed in the store in the last two hours, and who changed it"),
        CommandExample("flags log --json", "the changes as JSON, for a script or a bug report"),
    ]

    let json: Bool
    let since: Double?

    init(arguments: inout ArgumentList) throws(CLIError) {
        json = arguments.take(Self.json)
        since = try arguments.value(of: Self.since, command: Self.name).map { text throws(CLIError) in try SinceDuration.seconds(text) }
        try arguments.expectNoPositionals(command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let entries = try environment.prefs.history(since: since.map { Date().timeIntervalSince1970 - $0 })
        let report = HistoryReport(entries: entries, labels: StoreKeyLabels(registry: environment.registry))
        if json {
            context.console.printJSON(report.json())
        } else if entries.isEmpty {
            context.console.print(since == nil ? "No changes recorded in \(environment.prefs.path) yet."
                                               : "No changes recorded in \(environment.prefs.path) in that time.")
        } else {
            context.console.print(report.table(width: context.console.outputWidth))
        }
    }
}
#endif
