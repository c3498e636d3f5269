#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import FlagsTool
import RemoteSettings

/// Where `flags publish` writes a recipe and `flags unpublish` removes it from:
/// `--collection` (the preview collection unless given), `--bucket` and `--remote`. One type, so
/// the two commands cannot come to disagree on a default and unpublish miss what publish wrote.
///
/// ```swift
/// let target = try PreviewCollectionOption(arguments: &arguments, command: "publish")
/// let records = try target.records(of: environment, in: context)
/// ```
struct PreviewCollectionOption {
    static let defaultCollection = RemoteSettingsCollection.preview.name

    /// The options both commands declare, for help, the man page and completion.
    static let options: [any DeclaredOption] = [collectionOption, bucketOption, remoteOption, RemoteServerOption.allowHTTP]
    static let collectionOption = ValueOption("--collection", value: .text("NAME"), help: "the collection (default: \(defaultCollection))")
    static let bucketOption = ValueOption("--bucket", value: .text("NAME"),
                                          help: "its bucket (default: \(RemoteSettingsClient.defaultBucket), as on Remote Settings)")
    static let remoteOption = RemoteServerOption.remote("the server (…/v1); default: $FLAGS_REMOTE_URL, else the registry's "
                                                        + "`remote-settings: server:`, else the server its experiments come from")

    let bucket: String
    let collection: String
    let remote: RemoteServerOption

    /// Reads `--bucket`, `--collection` and `--remote [URL]`, leaving the positionals.
    init(arguments: inout ArgumentList, command: String) throws(CLIError) {
        bucket = try arguments.value(of: Self.bucketOption, command: command) ?? RemoteSettingsClient.defaultBucket
        collection = try arguments.value(of: Self.collectionOption, command: command) ?? Self.defaultCollection
        remote = try RemoteServerOption(Self.remoteOption, arguments: &arguments, command: command)
        try Self.checkID(bucket, as: Self.bucketOption.name, command: command)
        try Self.checkID(collection, as: Self.collectionOption.name, command: command)
    }

    /// A usage error, before anything is sent, when `id` is not one Kinto accepts (a `..` would
    /// take the request to another resource: `--bucket ../../accounts`).
    static func checkID(_ id: String, as what: String, command: String) throws(CLIError) {
        do {
            try RemoteSettingsID.check(id, as: what)
        } catch {
            throw .usage(error.description, command: command)
        }
    }

    /// The collection on the server, with the credentials for its host.
    func records(of environment: FlagsEnvironment, in context: CommandContext) throws(CLIError) -> RemoteSettingsRecords {
        try remote.records(registry: environment.registry, isDemo: context.opensDemo, bucket: bucket, collection: collection,
                           environment: context.options.environment)
    }
}
#endif
