#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CommandLineArguments
import FeatureFlags
import Formats
import Nimbus
import RemoteSettings
import Platform

/// `flags publish RECIPE.json`: an experiment or rollout checked against the manifest and
/// written to a preview collection, so every machine and app reading it enrolls as it says.
struct PublishCommand: FlagsCommand {
    static let name = "publish"
    static let summary = "Check an experiment or rollout recipe and write it to a preview collection"
    static let usage = "flags publish RECIPE.json [--collection nimbus-preview] [--bucket main] [--remote URL]"
    static let help = """
        RECIPE.json is one Nimbus experiment or rollout record (or {"data": [records]}). Each
        record is checked as `flags validate` checks records: required fields, targeting, and every
        branch value against the manifest's variable types. Any problem is reported and nothing is
        published. Otherwise each record is written (created or replaced) as record SLUG of the
        collection, where every client reading it enrolls as the recipe says:
          flags --experiments URL/buckets/main/collections/nimbus-preview/records list
        This is what Experimenter's preview does, from the terminal; `flags unpublish SLUG` ends it.

        Credentials as for `flags preset push`: $FLAGS_REMOTE_TOKEN, or $FLAGS_REMOTE_USER and
        $FLAGS_REMOTE_PASSWORD, for the server named by --remote or $FLAGS_REMOTE_URL; or the
        server's host in ~/.netrc; never on the command line.
        """

    static let options = PreviewCollectionOption.options
    static let arguments = [ArgumentSpec(.file)]
    static let examples = [
        CommandExample("flags publish new-menu.json", "preview the recipe in new-menu.json on the registry's server"),
        CommandExample("flags publish new-menu.json --remote http://localhost:8888/v1", "on a local Kinto server instead"),
    ]

    let file: String
    let target: PreviewCollectionOption

    init(arguments: inout ArgumentList) throws(CLIError) {
        target = try PreviewCollectionOption(arguments: &arguments, command: Self.name)
        file = try arguments.onePositional("RECIPE.json", command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let path = context.absolutePath(file)
        let recipes = try Self.readRecipes(path)
        let set: ExperimentRecordSet
        do {
            set = try ExperimentRecordSet.parse(.object(["data": .array(recipes)]))
        } catch {
            throw CLIError.failure("\(path): \(error); nothing was published")
        }
        // Skipped records (a required field missing, a bad targeting expression) are among these.
        let experiments = NimbusExperiments.evaluate(records: set, source: path, client: environment.experiments.client, registry: environment.registry)
        let problems = ValidateCommand.problems(in: experiments, manifest: environment.registry.manifest)
        guard problems.isEmpty else {
            throw CLIError.failure("\(path): \(problems.count) problem\(problems.count == 1 ? "" : "s"), nothing was published:\n"
                                   + problems.map { "  - \($0)" }.joined(separator: "\n"))
        }
        // The app name Nimbus sees: the registry's `context:` may give it (Firefox for iOS's
        // `firefox_ios`), else it is the registry's `app:`.
        let appName = environment.experiments.client.appName
        for record in set.records where !environment.experiments.client.isForThisApp(record) {
            context.console.printError("warning: record \(record.slug): appName `\(record.appName ?? "")` is not this app's (`\(appName)`), so its clients will not enroll")
        }
        // Every slug becomes a record id in the URL: all are checked before the first is sent.
        for record in set.records {
            do {
                try RemoteSettingsID.check(record.slug, as: "slug")
            } catch {
                throw CLIError.failure("\(path): \(error); a slug is the record's id on the server; nothing was published")
            }
        }
        let records = try target.records(of: environment, in: context)
        for (record, json) in zip(set.records, recipes) {
            var fields = json.objectValue ?? [:]
            fields["last_modified"] = nil
            try records.put(record.slug, data: fields)
            let kind = record.isRollout ? "rollout" : "experiment"
            context.console.print("published \(kind) \(record.slug) (\(record.branches.count) branch\(record.branches.count == 1 ? "" : "es")) to \(records.recordURL(record.slug).absoluteString)")
        }
        context.console.print("clients reading \(records.recordsURL.absoluteString) enroll as the recipe says; end it with `flags unpublish SLUG`")
    }

    /// The records of the recipe file: one record object, or `{"data": [...]}`.
    static func readRecipes(_ path: String) throws -> [JSONValue] {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFileReader.read(path: path, limit: NimbusExperiments.maximumRecordsFileSize)
        } catch {
            throw CLIError.failure("cannot read \(path): \(error.reason)")
        }
        let json = try JSONParser.parse(bytes: bytes, file: path)
        if let list = json["data"]?.arrayValue { return list }
        guard json.objectValue != nil else {
            throw CLIError.failure("\(path): expected an experiment or rollout record (an object) or {\"data\": [records]}, found \(json.kindName)")
        }
        return [json]
    }
}
#endif
