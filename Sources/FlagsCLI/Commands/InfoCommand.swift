#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import Platform

/// `flags info SLUG`: one experiment or rollout record in full, and why this client is or is not
/// in it.
struct InfoCommand: FlagsCommand {
    static let name = "info"
    static let summary = "Show one experiment or rollout record and this client's status in it"
    static let usage = "flags info SLUG [--json]"
    static let help = """
        Shows the record SLUG of the app's experiments: its name and description, whether it is
        a rollout, the app and channel it is for, whether enrollment is paused, its dates, the
        proposed enrollment and duration, its bucketing (unit, namespace, start, count, total,
        the buckets it takes and the one this client is in), its targeting and what it gives for
        this client, every branch with its ratio and each feature's value, and this client's
        status with the reason (the part of the targeting that failed, the bucket, the record
        holding a feature). A branch forced with `flags enroll` is shown too. --context,
        --channel and --nimbus-id change the client, as for `flags experiments`.
        """
    static let json = FlagOption.json("print the record's facts and this client's status as one JSON object")
    static let options: [any DeclaredOption] = [json]
    static let arguments = [ArgumentSpec(.experimentSlug)]
    static let examples = [
        CommandExample("flags info new-menu-test", "the record, its branches and why this client is (not) in it"),
        CommandExample("flags --context language=ko info korean-tip-jar --json", "the same for a Korean-speaking client, as JSON"),
    ]

    let slug: String
    let json: Bool

    init(arguments: inout ArgumentList) throws(CLIError) {
        json = arguments.take(Self.json)
        slug = try arguments.onePositional("SLUG", command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let experiments = try context.environment().experiments
        guard let result = experiments.result(for: slug) else { throw unknownSlug(in: experiments) }
        let facts = RecordReport(result: result, experiments: experiments)
        if json {
            context.console.printJSON(facts.json)
        } else {
            for line in facts.lines { context.console.print(line) }
        }
    }

    /// Unknown slug: the nearest one, or that the record was skipped, or that there are none.
    private func unknownSlug(in experiments: NimbusExperiments) -> CLIError {
        if let skipped = experiments.skipped.first(where: { $0.name == slug }) {
            return .failure("record `\(slug)` in \(experiments.source ?? "the experiments") was skipped: \(skipped.reason)")
        }
        guard let source = experiments.source else {
            return .failure("no record `\(slug)`: this app has no experiments; add `experiments: FILE` to the registry, or pass --experiments PATH")
        }
        let slugs = experiments.records.map(\.slug)
        let hint = NearestName.find(slug, among: slugs).map { " (did you mean '\($0)'?)" } ?? ""
        return .failure("no record `\(slug)` in \(source)\(hint); list them with: flags experiments")
    }
}
#endif
