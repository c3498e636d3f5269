#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import Platform

/// `flags unenroll [SLUG...]`: removes forced branches, so Nimbus decides those records again.
struct UnenrollCommand: FlagsCommand {
    static let name = "unenroll"
    static let summary = "Remove forced branches: of the given experiments, or all"
    static let usage = "flags unenroll [SLUG...]"
    static let help = """
        Removes the branch `flags enroll` forced for each SLUG (every forced branch when no SLUG
        is given), in one transaction, and says what Nimbus decides for the record now: the
        enrollment the client had before it was forced is still there, so a client that was in a
        branch stays in it, and one that was not is not.
        """
    static let arguments = [ArgumentSpec(.experimentSlug, repeats: true)]
    static let examples = [CommandExample("flags unenroll", "remove every forced branch")]

    let slugs: [String]

    init(arguments: inout ArgumentList) throws(CLIError) {
        slugs = try arguments.positionals(command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let store = NimbusOverrideStore(prefs: environment.prefs)
        let forced = store.overrides.forcedBranches
        let removed = try store.removeForcedBranches(slugs.isEmpty ? nil : slugs)
        if slugs.isEmpty && removed.isEmpty {
            context.console.print("No branches were forced.")
            return
        }
        for slug in slugs where forced[slug] == nil {
            let others = forced.keys.sorted()
            let hint = NearestName.find(slug, among: others).map { " (did you mean `\($0)`?)" } ?? ""
            context.console.print("no forced branch of \(field: slug) to remove\(hint); "
                                  + (others.isEmpty ? "no branch is forced" : "forced: \(others.joined(separator: ", "))"))
        }
        guard !removed.isEmpty else { return }
        let after = environment.reloaded().experiments
        for slug in removed {
            let now = after.result(for: slug).map(after.explanation(of:)) ?? "no record of it now"
            context.console.print("\(field: slug): forced branch \(field: forced[slug] ?? "") removed; \(now)")
        }
    }
}
#endif
