#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import Nimbus
import Platform

/// `flags enroll SLUG [--branch B]`: forces this client into a branch of an experiment or
/// rollout, as `nimbus-cli enroll` does, and says what Nimbus then decides.
struct EnrollCommand: FlagsCommand {
    static let name = "enroll"
    static let summary = "Force this client into a branch of an experiment or rollout"
    static let usage = "flags enroll SLUG [--branch BRANCH]"
    static let help = """
        Stores a forced branch for the record SLUG in the app's store, a debug override like a
        flag override: the record is then evaluated as if it targeted everyone on this channel,
        unpaused, with the whole bucket range and every other branch at ratio 0 (what nimbus-cli
        enroll arranges), so targeting, bucketing and a paused enrollment no longer keep this
        client out. Other experiments still count: one that already holds the same feature wins
        the feature conflict, as the Nimbus SDK decides, and the line printed says so.
        A record with one branch needs no --branch. The forced branch stays through `flags fetch`
        and is removed by `flags unenroll SLUG` or `flags reset --all`; release builds ignore it.
        """
    static let branch = ValueOption("--branch", "-b", value: .text("BRANCH"), help: "the branch to force (needed when the record has several)")
    static let options: [any DeclaredOption] = [branch]
    static let arguments = [ArgumentSpec(.experimentSlug)]
    static let examples = [
        CommandExample("flags enroll new-menu-test --branch treatment", "this client in the treatment branch, whatever targeting and bucketing say"),
        CommandExample("flags unenroll new-menu-test", "back to what Nimbus decides"),
    ]

    let slug: String
    let branch: String?

    init(arguments: inout ArgumentList) throws(CLIError) {
        branch = try arguments.value(of: Self.branch, command: Self.name)
        let words = try arguments.positionals(command: Self.name)
        guard words.count == 1 else {
            throw .usage(words.isEmpty ? "missing the experiment's SLUG" : "expected one experiment SLUG, found \(words.count)", command: Self.name)
        }
        slug = words[0]
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let chosen: String
        do throws(ForcingRefusal) {
            chosen = try environment.experiments.recordToForce(slug, branch: branch, registryPath: environment.registry.path).branch
        } catch {
            throw CLIError.failure(error.description)
        }
        let store = NimbusOverrideStore(prefs: environment.prefs)
        let before = store.overrides.forcedBranches[slug]
        try store.forceBranch(chosen, of: slug)
        let was = before.map { $0 == chosen ? " (already forced)" : " (was `\($0)`)" } ?? ""
        guard environment.buildChannel.allowsDebugOverrides else {
            context.console.print("\(field: slug): forced branch \(field: chosen)\(was) (stored, but inactive while previewing \(environment.channel): a release build ignores overrides)")
            return
        }
        let after = environment.reloaded().experiments
        guard let result = after.result(for: slug) else { return }
        context.console.print("\(field: slug): forced branch \(field: chosen)\(was); \(after.explanation(of: result))\(Self.conflictWinner(of: result, in: after))")
    }

    /// For a feature conflict, which enrolled record holds the feature (when the sentence does
    /// not already name it): what a person forcing a branch needs to unenrol or force too.
    static func conflictWinner(of result: EnrollmentResult, in experiments: NimbusExperiments) -> String {
        guard case .notEnrolled(.featureConflict) = result.status else { return "" }
        let features = Set(result.record.featureIds)
        let winners = experiments.enrollments.filter { other in
            other.slug != result.slug && other.status.branch != nil && other.isRollout == result.isRollout
                && !features.isDisjoint(with: other.record.featureIds)
        }.map(\.slug)
        guard !winners.isEmpty, !winners.contains(where: experiments.explanation(of: result).contains) else { return "" }
        return " (held by \(list(winners)))"
    }

    static func list(_ slugs: [String]) -> String { slugs.map { "`\($0)`" }.joined(separator: ", ") }
}
#endif
