import Platform
import Formats

/// Where to find an app's registry and store, and which channel to resolve for: what the global
/// options `--config`, `--store` and `--channel` of `flags` say.
///
/// ```swift
/// let options = FlagsOptions(configPath: nil, storePath: "/tmp/prefs.sqlite", channel: .beta)
/// let flags = try FlagsEnvironment.open(options)   // an app also names its registry: configPath
/// ```
public struct FlagsOptions: Sendable {
    /// The registry file; nil means `FLAGS_CONFIG` (the `flags` tool then looks in
    /// `workingDirectory` and its parents, else opens its built-in demo).
    public var configPath: String?
    /// The store file; nil means `FLAGS_STORE`, else the default path for the app.
    public var storePath: String?
    /// The channel to resolve and preview, a manifest channel or a build channel (checked
    /// against the manifest when the environment opens); nil means the build's own channel.
    public var channel: ChannelName?
    /// Experiment records to use instead of the registry's `experiments:`: a path or a URL.
    public var experiments: String?
    /// Whether to ask a Remote Settings server now, or answer from the offline cache only.
    public var fetchPolicy: ExperimentsFetchPolicy
    /// Pretend to be this Nimbus client instead of the store's own.
    public var nimbusID: String?
    /// Extra targeting attributes (`--context key=value`), over the built-in ones.
    public var context: [String: JSONValue]
    public var workingDirectory: String
    public var environment: [String: String]

    public init(configPath: String? = nil, storePath: String? = nil, channel: ChannelName? = nil,
                experiments: String? = nil, fetchPolicy: ExperimentsFetchPolicy = .fetch, nimbusID: String? = nil, context: [String: JSONValue] = [:],
                workingDirectory: String = FileManager.default.currentDirectoryPath,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.configPath = configPath
        self.storePath = storePath
        self.channel = channel
        self.experiments = experiments
        self.fetchPolicy = fetchPolicy
        self.nimbusID = nimbusID
        self.context = context
        self.workingDirectory = workingDirectory
        self.environment = environment
    }
}
