#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags

/// `flags unpublish SLUG`: removes a recipe from the preview collection, which ends it for every
/// client reading that collection.
struct UnpublishCommand: FlagsCommand {
    static let name = "unpublish"
    static let summary = "Remove a recipe from a preview collection, ending it"
    static let usage = "flags unpublish SLUG [--collection nimbus-preview] [--bucket main] [--remote URL]"
    static let help = """
        Deletes record SLUG from the collection `flags publish` wrote it to. Clients reading the
        collection stop being enrolled at their next fetch (`flags fetch`). Options and
        credentials as for `flags publish`.
        """
    static let options = PreviewCollectionOption.options
    /// The slugs of the app's cached records: a Tab never asks the server what it holds.
    static let arguments = [ArgumentSpec(.experimentSlug)]
    static let examples = [CommandExample("flags unpublish new-menu-test", "end the preview of new-menu-test for every client reading it")]

    let slug: String
    let target: PreviewCollectionOption

    init(arguments: inout ArgumentList) throws(CLIError) {
        target = try PreviewCollectionOption(arguments: &arguments, command: Self.name)
        slug = try arguments.onePositional("SLUG", command: Self.name)
        try PreviewCollectionOption.checkID(slug, as: "SLUG", command: Self.name)
    }

    func run(in context: CommandContext) throws {
        let environment = try context.environment()
        let records = try target.records(of: environment, in: context)
        guard try records.delete(slug) else {
            throw CLIError.failure("no recipe `\(slug)` in \(records.recordsURL.absoluteString); list them with: flags --experiments \(records.recordsURL.absoluteString) experiments")
        }
        context.console.print("unpublished \(slug) from \(records.recordsURL.absoluteString); clients reading it leave it at their next fetch")
    }
}
#endif
