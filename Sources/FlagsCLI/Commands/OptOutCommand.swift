#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import Platform

/// `flags opt-out experiments|rollouts on|off`: the Nimbus participation switches.
struct OptOutCommand: FlagsCommand {
    static let name = "opt-out"
    static let summary = "Opt this client out of experiments or rollouts (on|off)"
    static let usage = "flags opt-out experiments|rollouts on|off"
    static let help = """
        Opts the store's Nimbus client out of (on) or back into (off) experiments or rollouts,
        separately, as the Nimbus SDK's participation settings do. Kept in the store; every
        process using it sees the change.
        Warning: opting out disqualifies this client from every experiment it is in, and opting
        back in does what the SDK does: those experiments never take it back (a disqualification
        is for good), while rollouts and the records it was never in are evaluated again.
        `flags undo` brings the switch back, not the enrollments; `flags reset-enrollments`
        forgets them, so every record is decided as for a new device.
        """
    static let arguments = [ArgumentSpec(.choice(["experiments", "rollouts"])), ArgumentSpec(.choice(["on", "off"]))]

    let pool: NimbusClientStore.Pool
    let optedOut: Bool

    init(arguments: inout ArgumentList) throws(CLIError) {
        let words = try arguments.positionals(command: Self.name)
        guard words.count == 2 else { throw .usage("expected experiments or rollouts, then on or off", command: Self.name) }
        guard let pool = NimbusClientStore.Pool(rawValue: words[0]) else {
            throw .usage("expected experiments or rollouts, found '\(words[0])'\(NearestName.suggestion(for: words[0], among: ["experiments", "rollouts"]))", command: Self.name)
        }
        self.pool = pool
        optedOut = try OnOff.parse(words[1], command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        try NimbusClientStore(prefs: environment.prefs).setOptOut(pool, optedOut)
        context.console.print("\(pool.rawValue): \(optedOut ? "opted out" : "participating")")
        guard !optedOut, pool == .experiments else { return }
        // As the SDK decides (application-services components/nimbus/src/enrollment.rs,
        // `on_experiment_updated`): a client disqualified by the opt-out stays disqualified from
        // an experiment; only a rollout is evaluated again. Said, so it is no surprise.
        let after = environment.reloaded().experiments
        let stuck = after.enrollments.filter { result in
            if !result.isRollout, case .notEnrolled(.disqualified(.optedOut)) = result.status { return true }
            return false
        }.map(\.slug)
        guard !stuck.isEmpty else { return }
        context.console.printError("note: \(Plural.of(stuck.count, "experiment")) stay\(stuck.count == 1 ? "s" : "") disqualified, as in the Nimbus SDK: "
                                   + "an experiment never takes back a client that opted out (\(stuck.joined(separator: ", "))); "
                                   + "`flags reset-enrollments` forgets this client's enrollments")
    }
}
#endif
