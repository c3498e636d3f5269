#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags

/// `flags opt-out experiments|rollouts on|off`: the Nimbus participation switches.
struct OptOutCommand: FlagsCommand {
    static let name = "opt-out"
    static let summary = "Opt this client out of experiments or rollouts (on|off)"
    static let usage = "flags opt-out experiments|rollouts on|off"
    static let help = """
        Opts the store's Nimbus client out of (on) or back into (off) experiments or rollouts,
        separately, as the Nimbus SDK's participation settings do. Kept in the store; every
        process using it sees the change.
        """
    static let arguments = [ArgumentSpec(.choice(["experiments", "rollouts"])), ArgumentSpec(.choice(["on", "off"]))]

    let pool: NimbusClientStore.Pool
    let optedOut: Bool

    init(arguments: inout ArgumentList) throws(CLIError) {
        let words = try arguments.positionals(command: Self.name)
        guard words.count == 2 else { throw .usage("expected experiments or rollouts, then on or off", command: Self.name) }
        guard let pool = NimbusClientStore.Pool(rawValue: words[0]) else {
            throw .usage("expected experiments or rollouts, found '\(words[0])'", command: Self.name)
        }
        self.pool = pool
        optedOut = try OnOff.parse(words[1], command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        try NimbusClientStore(prefs: environment.prefs).setOptOut(pool, optedOut)
        context.console.print("\(pool.rawValue): \(optedOut ? "opted out" : "participating")")
    }
}
#endif
