#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import Nimbus

/// `flags reset-enrollments [--yes]`: forgets this client's enrollments, as the Nimbus SDK's
/// `reset_enrollments` does for testing, so every record is decided anew, as for a new device.
struct ResetEnrollmentsCommand: FlagsCommand {
    static let name = "reset-enrollments"
    static let summary = "Forget this client's enrollments, so Nimbus decides every record anew (asks first)"
    static let usage = "flags reset-enrollments [--yes]"
    static let help = """
        Forgets the enrollments the store keeps between evaluations (nimbus.enrollments), as the
        Nimbus SDK's reset_enrollments does for testing: the next evaluation decides every record
        as for a new device with the same nimbus id, so an experiment that disqualified this
        client (after `flags opt-out experiments on`, which an experiment never forgives) can
        enroll it again. The id, its install date, the opt-outs, forced branches, feature
        overrides and events stay. `flags undo` cannot bring the enrollments back (a device
        rewrites them at every start, so they are not in the history): on a terminal it asks
        y/n first, and elsewhere it needs --yes.
        """
    static let yes = FlagOption("--yes", "-y", help: "reset without asking (for scripts)")
    static let options: [any DeclaredOption] = [yes]
    static let examples = [
        CommandExample("flags opt-out experiments off && flags reset-enrollments", "back in every experiment this client would join as a new device"),
    ]

    let yes: Bool

    init(arguments: inout ArgumentList) throws(CLIError) {
        yes = arguments.take(Self.yes)
        try arguments.expectNoPositionals(command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let store = NimbusClientStore(prefs: environment.prefs)
        let client = environment.experiments.client.nimbusID
        let stored = store.enrollments
        guard !stored.isEmpty else {
            context.console.print("Client \(client) keeps no enrollments: nothing to reset.")
            return
        }
        let kept = Self.describe(stored)
        if !yes {
            guard let answer = context.console.confirm("Forget \(kept) of client \(client)? `flags undo` cannot bring them back.") else {
                throw CLIError.usage("reset-enrollments forgets what `flags undo` cannot bring back, so it asks first: "
                                     + "run it on a terminal to answer y/n, or pass --yes", command: Self.name)
            }
            guard answer else {
                context.console.print("Nothing was reset.")
                return
            }
        }
        try store.resetEnrollments()
        let after = environment.reloaded().experiments
        let enrolled = after.enrollments.compactMap { result in result.status.branch.map { "\(result.slug)/\($0)" } }
        context.console.print("Forgot \(kept) of client \(client); now enrolled in "
                              + (enrolled.isEmpty ? "none" : enrolled.joined(separator: ", ")) + ".")
    }

    /// "3 enrollments (1 enrolled, 2 disqualified)".
    static func describe(_ enrollments: [StoredEnrollment]) -> String {
        var counts: [(String, Int)] = []
        for name in ["enrolled", "disqualified", "ended", "not enrolled"] {
            let count = enrollments.filter { stateName($0.state) == name }.count
            if count > 0 { counts.append((name, count)) }
        }
        return Plural.of(enrollments.count, "enrollment") + " (" + counts.map { "\($1) \($0)" }.joined(separator: ", ") + ")"
    }

    private static func stateName(_ state: StoredEnrollment.State) -> String {
        switch state {
        case .enrolled: "enrolled"
        case .disqualified: "disqualified"
        case .wasEnrolled: "ended"
        case .notEnrolled, .error: "not enrolled"
        }
    }
}
#endif
