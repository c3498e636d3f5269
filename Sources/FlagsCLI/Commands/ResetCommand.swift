#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import FlagsTool

/// `flags reset ID...` / `flags reset --all`: removes overrides so Nimbus decides again.
struct ResetCommand: FlagsCommand {
    static let name = "reset"
    static let summary = "Remove overrides: of the given flags, or --all"
    static let usage = "flags reset ID... | flags reset --all"
    static let help = """
        Removes the debug override of each flag ID, so its value comes from Nimbus again.
        With --all, removes every override in the store in one transaction, including overrides
        of flags that are no longer in the registry, forced branches (flags enroll) and feature
        overrides (flags feature set).
        """
    static let all = FlagOption("--all", help: "remove every override in the store (forced branches and feature overrides too), in one transaction")
    static let options: [any DeclaredOption] = [all]
    static let arguments = [ArgumentSpec(.flagID, repeats: true)]
    static let examples = [CommandExample("flags reset --all", "every flag back to its Nimbus value")]

    let ids: [String]
    let all: Bool

    init(arguments: inout ArgumentList) throws(CLIError) {
        all = arguments.take(Self.all)
        ids = try arguments.positionals(command: Self.name)
        if all && !ids.isEmpty { throw .usage("give flag IDs or --all, not both", command: Self.name) }
        if !all && ids.isEmpty { throw .usage("missing flag IDs (or --all)", command: Self.name) }
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        if all {
            let nimbus = NimbusOverrideStore(prefs: environment.prefs).overrides
            let count = try environment.provider.removeAllDebugOverrides()
            context.console.print(StoreKeyLabels.removal(removedKeys: count, before: nimbus))
            return
        }
        // Look every id up first, so a typo in the last one changes nothing.
        let flags = try ids.map { id throws in try GetCommand.flag(id, in: environment.registry, action: "reset") }
        for flag in flags where !flag.isDebuggable { throw FeatureFlagError.notDebuggable(flag.rawValue) }
        // A flag without an override is said so, not reported as removed: nothing changed for it.
        let overridden = Set(flags.filter { environment.provider.debugOverride(for: $0) != nil }.map(\.rawValue))
        try environment.prefs.apply(flags.filter { overridden.contains($0.rawValue) }.map { .remove($0.debugKey!) })
        for flag in flags {
            let state = environment.provider.state(of: flag)
            guard overridden.contains(flag.rawValue) else {
                context.console.print("no override of \(flag.rawValue) to reset: it is \(OnOff.text(state.enabled)) (\(state.source.summary))")
                continue
            }
            context.console.print("\(flag.rawValue): override removed, now \(OnOff.text(state.enabled)) (\(state.source.summary))")
        }
    }
}
#endif
