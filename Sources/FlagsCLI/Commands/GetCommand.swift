#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags

/// `flags get ID`: one flag's value and the full story behind it.
struct GetCommand: FlagsCommand {
    static let name = "get"
    static let summary = "Show one flag's value and where it comes from"
    static let usage = "flags get ID [--json]"
    static let help = """
        Shows what isEnabled returns for the flag ID, where the value comes from, the stored
        override (if any) and the value Nimbus gives without it.
        """
    static let json = FlagOption.json("print one JSON object (the same fields as `flags list --json`)")
    static let options: [any DeclaredOption] = [json]
    static let arguments = [ArgumentSpec(.flagID)]
    static let examples = [CommandExample("flags get ID --channel beta", "the flag's value and its story in the beta channel")]

    let id: String
    let json: Bool

    init(arguments: inout ArgumentList) throws(CLIError) {
        json = arguments.take(Self.json)
        let words = try arguments.positionals(command: Self.name)
        guard words.count == 1 else {
            throw .usage(words.isEmpty ? "missing the flag ID" : "expected one flag ID, found \(words.count)", command: Self.name)
        }
        id = words[0]
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let flag = try Self.flag(id, in: environment.registry, action: "get")
        let report = FlagReport(state: environment.provider.state(of: flag), environment: environment)
        if json {
            context.console.printJSON(report.json)
            return
        }
        let state = report.state
        context.console.print("\(flag.rawValue): \(OnOff.text(state.enabled))  (\(report.sourceText))")
        let nimbusWhere = flag.definition.nimbus.map { "\($0.feature).\($0.variable), \(state.nimbus.source.summary) for \(environment.channel)" }
            ?? "not Nimbus-configured: the registry's default"
        context.console.print("  nimbus:    \(OnOff.text(state.nimbus.enabled))  (\(nimbusWhere))")
        context.console.print("  override:  \(state.override.map(OnOff.text) ?? "none")\(flag.debugKey.map { "  [key \($0)]" } ?? "  (not debuggable)")")
        if let key = flag.userPrefsKey {
            let stored = environment.preferences.storedPreference(for: flag).map(OnOff.text) ?? "not set"
            context.console.print("  user pref: \(stored)  [key \(key)]")
        }
        if let debug = flag.definition.debug {
            context.console.print("  menu row:  \(field: debug.title) — \(field: debug.status)")
        }
    }

    /// The flag `id`; when `id` names a typed preference instead, an error that points at the
    /// `flags pref` command doing `action` on it (get, set, reset), rather than "unknown flag".
    static func flag(_ id: String, in registry: FeatureFlagRegistry, action: String) throws -> FeatureFlagID {
        if registry.flagIfPresent(id) == nil, registry.preferences.contains(where: { $0.id == id }) {
            throw CLIError.failure("'\(id)' is a preference, not a flag: try flags pref \(action) \(id)\(action == "set" ? " VALUE" : "")")
        }
        return try registry.flag(id)
    }
}
#endif
