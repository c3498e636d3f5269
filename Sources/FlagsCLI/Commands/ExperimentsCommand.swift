#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import Formats

/// `flags experiments`: every experiment and rollout record with this client's status.
struct ExperimentsCommand: FlagsCommand {
    static let name = "experiments"
    static let summary = "List experiment and rollout records with this client's enrollment"
    static let usage = "flags experiments [--json]"
    static let help = """
        Evaluates every record of the app's experiments (the registry's `experiments:` file, or
        --experiments PATH) for this client, in the Nimbus SDK's order: opt-out, paused, app name,
        channel, targeting, bucket, branch. Shows each record as enrolled (with its branch), not
        enrolled (with the reason and its facts: opted out, paused, the app or channel it is for,
        not targeted with the part of the targeting that failed and the values it read, not
        selected with this client's bucket and the record's buckets, a feature conflict with the
        record holding the feature, a Firefox Labs opt-in, disqualified, ended before), an error
        (with the message), or skipped (a record the SDK would drop, with the field at fault).
        `flags info SLUG` shows one record whole.
        As on a device, the evaluation starts from the previous one: a client stays in its
        branch, is disqualified when targeting or bucketing stops matching, and the result is
        kept in the store for the next run (`flags context` shows the attributes).
        The client is the store's own Nimbus id unless --nimbus-id is given; --channel and
        --context change what targeting sees, and are previews: nothing is kept. Targeting that
        jexl-rs (the SDK's JEXL engine) reads differently from how it looks gets a
        `warning: SLUG: …` line after the table.
        """
    static let json = FlagOption.json("print {client, source, records, skipped} as JSON (each record with its reason, explanation, forced branch and warnings)")
    static let options: [any DeclaredOption] = [json]
    static let examples = [CommandExample("flags --experiments records.json experiments", "enrollment in the records of a file")]

    let json: Bool

    init(arguments: inout ArgumentList) throws(CLIError) {
        json = arguments.take(Self.json)
        try arguments.expectNoPositionals(command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let experiments = try context.environment().experiments
        let explainer = experiments.explainer.indexingFeatureHolders()
        let reports = experiments.enrollments.map { EnrollmentReport($0, in: experiments, explainer: explainer) }
        if json {
            context.console.printJSON(JSONValue.object([
                "client": .object(["nimbusId": .string(experiments.client.nimbusID), "channel": .string(experiments.client.channel),
                                   // The context as this evaluation left it, forced records
                                   // included: what `flags context --json` prints.
                                   "appName": .string(experiments.client.appName), "context": .object(experiments.context)]),
                "source": experiments.source.map(JSONValue.string) ?? .null,
                "problem": experiments.loadProblem.map(JSONValue.string) ?? .null,
                "records": .array(reports.map(\.json)),
                "skipped": .array(experiments.skipped.map { .object(["name": .string($0.name), "reason": .string($0.reason)]) }),
            ]))
            return
        }
        guard let source = experiments.source else {
            context.console.print("This app has no experiments: add `experiments: FILE` to the registry, or pass --experiments PATH.")
            return
        }
        context.console.print("client \(experiments.client.nimbusID), channel \(experiments.client.channel), records from \(source)")
        guard !reports.isEmpty || !experiments.skipped.isEmpty else {
            context.console.print("No records.")
            return
        }
        var rows = reports.map { report in
            [report.result.slug, report.result.isRollout ? "rollout" : "experiment", report.statusName, report.detail,
             report.result.record.featureIds.sorted().joined(separator: ",")]
        }
        rows += experiments.skipped.map { [$0.name, "-", "skipped", $0.reason, "-"] }
        var table = TextTable(header: ["SLUG", "TYPE", "STATUS", "BRANCH / REASON", "FEATURES"], rows: rows)
        table.cutFirst = [[4], [3]]
        context.console.print(table)
        // A reason is often a sentence longer than its column: the table shows its start, and
        // the whole sentence follows, wrapped to the width, so no row wraps in the terminal.
        let width = context.console.outputWidth
        let room = TextTable.fitting(table.naturalWidths, in: width, cuttingFirst: table.cutFirst, headerWidths: table.header.map(\.count))[3]
        for row in rows where row[3].count > room {
            context.console.print("\(row[2]): \(row[0]): \(row[3])".wrapped(width: width, indent: 4, firstLineIndent: 0))
        }
        for line in reports.flatMap(\.warningLines) { context.console.print(line.wrapped(width: width, indent: 4, firstLineIndent: 0)) }
    }
}
#endif
