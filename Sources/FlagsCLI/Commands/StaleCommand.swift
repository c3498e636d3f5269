#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer
import CommandLineArguments
import FeatureFlags
import FlagsTool
import Formats

/// `flags stale`: the flags that have done their job and can be deleted, each with why.
struct StaleCommand: FlagsCommand {
    static let name = "stale"
    static let summary = "List the flags that can be deleted: the same everywhere (shipped or never shipped), in no experiment, not overridden"
    static let usage = "flags stale [--json]"
    static let help = """
        Lists every flag that can be retired, sorted by id, with the reasons: its value is the
        same in every channel (the manifest default of its variable per channel, or its
        hard-coded `default`), no experiment or rollout record sets its variable in any branch
        (enrolled or not: a paused record or one for another channel counts), no debug override
        of it is stored, and users cannot switch it themselves (no `userPrefsKey`). Records that
        could not be read are named in a note, as a flag they set may be listed.
        The flags are listed in two groups, which call for opposite changes to the code:
        shipped (on everywhere): delete the flag with `flags remove NAME` and keep the code it
        turns on; never shipped (off everywhere): the feature reached no one, so delete the flag
        and the code it would turn on, unless the work on it goes on.

        Exit status: 0 whether or not anything is listed.
        """
    static let json = FlagOption.json("print a JSON array of {kind, id, value, shipped, reasons}, sorted by id")
    static let options: [any DeclaredOption] = [json]

    let json: Bool

    init(arguments: inout ArgumentList) throws(CLIError) {
        json = arguments.take(Self.json)
        try arguments.expectNoPositionals(command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let stale = StaleFlags(environment: environment)
        for caveat in stale.caveats { context.console.printError("note: \(caveat)") }
        if json {
            context.console.printJSON(.array(stale.entries.map { entry in
                .object(["kind": .string(entry.kind.rawValue), "id": .string(entry.id),
                         "value": entry.value.map(JSONValue.bool) ?? .null, "shipped": .bool(entry.value == true),
                         "reasons": .array(entry.reasons.map(JSONValue.string))])
            }))
            return
        }
        guard !stale.entries.isEmpty else {
            context.console.print("nothing to retire: every flag differs by channel, is in an experiment or rollout, is overridden or is a user setting.")
            return
        }
        // Each group with what to do with the app's code, which is opposite for the two.
        let groups = [("Shipped (on everywhere): delete the flag and keep the code it turns on.", stale.shipped),
                      ("Never shipped (off everywhere): delete the flag and the code it would turn on, unless the work on it goes on.",
                       stale.neverShipped)].filter { !$0.1.isEmpty }
        for (index, (advice, entries)) in groups.enumerated() {
            if index > 0 { context.console.print() }
            context.console.print(advice)
            let rows = entries.map { [$0.id, $0.reasons.joined(separator: "; ")] }
            context.console.print(TextTable(header: ["FLAG", "REASON"], rows: rows))
        }
    }
}
#endif
