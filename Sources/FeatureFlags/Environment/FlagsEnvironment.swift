#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Nimbus
import Platform
import Prefs
#if canImport(Glibc)
import Glibc
#endif

/// One app's flags, wired together: registry and manifest, the persistent store, the Nimbus layer
/// for the chosen channel, the provider and the user preference manager.
///
/// An app opens one at start, naming its registry (`FlagsOptions.configPath`, else
/// `FLAGS_CONFIG`); a missing registry is an error naming the path, never a stand-in. The store
/// is `storePath`, else `FLAGS_STORE`, else the app's default path. (The `flags` tool looks for a
/// registry in the working directory and its parents and falls back to its built-in demo:
/// that is `RegistryDiscovery`, in the tool's own module.)
///
/// ```swift
/// let flags = try FlagsEnvironment.open(FlagsOptions(configPath: "feature-flags.yaml"))
/// flags.provider.isEnabled(.newBibimbapMenu)
/// ```
public final class FlagsEnvironment: Sendable {
    public static let registryFileName = "feature-flags.yaml"

    public let registry: FeatureFlagRegistry
    /// True when the tool found no registry and opened its built-in demo instead.
    public let isDemo: Bool
    public let storePath: String
    public let prefs: SQLitePrefs
    /// The channel values are resolved for, and whose override rules are previewed.
    public let channel: BuildChannel
    /// The experiments and rollouts evaluated for this client and channel.
    public let experiments: NimbusExperiments
    public let nimbusLayer: NimbusFeatureFlagLayer
    public let provider: FeatureFlagsProvider
    public let preferences: UserFeaturePreferenceManager
    /// What the client was built from, kept so `previewing` can evaluate again for another channel.
    private let clientSetup: ClientSetup

    struct ClientSetup: Sendable {
        var source: ExperimentsSource?
        var loaded: ExperimentsLoader.Loaded?
        var nimbusID: String
        var isFirstRun: Bool
        var locale: String
        var context: [String: JSONValue]
        var snapshots: SnapshotCache
    }

    init(registry: FeatureFlagRegistry, isDemo: Bool, prefs: SQLitePrefs, channel: BuildChannel, clientSetup: ClientSetup) {
        self.registry = registry
        self.isDemo = isDemo
        storePath = prefs.path
        self.prefs = prefs
        self.channel = channel
        self.clientSetup = clientSetup
        let clientStore = NimbusClientStore(prefs: prefs)
        let client = NimbusClient(
            nimbusID: clientSetup.nimbusID, appName: registry.app, appId: registry.app, channel: channel.rawValue,
            locale: clientSetup.locale, daysSinceInstall: clientStore.daysSinceInstall, isFirstRun: clientSetup.isFirstRun,
            extraContext: clientSetup.context, experimentsOptOut: clientStore.isOptedOut(of: .experiments),
            rolloutsOptOut: clientStore.isOptedOut(of: .rollouts))
        experiments = NimbusExperiments.evaluate(records: clientSetup.loaded?.records, source: clientSetup.source?.description,
                                                 loadProblem: clientSetup.loaded?.problem, note: clientSetup.loaded?.note,
                                                 remote: clientSetup.loaded?.remote, client: client, registry: registry,
                                                 transforms: Self.transforms(prefs: prefs))
        let experiments = experiments
        nimbusLayer = NimbusFeatureFlagLayer(registry: registry, channel: channel.rawValue, lookup: experiments.layerValue(of:))
        provider = FeatureFlagsProvider(prefs: prefs, nimbusLayer: nimbusLayer, behavingAs: channel)
        preferences = UserFeaturePreferenceManager(prefs: prefs, nimbusLayer: nimbusLayer)
    }

    /// Loads the registry, its manifest and the store named by `options`.
    public static func open(_ options: FlagsOptions) throws -> FlagsEnvironment {
        try open(options, registryPath: try givenRegistry(options), isDemo: false)
    }

    /// Opens the flags of the registry at `registryPath` (absolute); `isDemo` says it is the
    /// tool's built-in demo, which the menu and the commands then mention.
    public static func open(_ options: FlagsOptions, registryPath: String, isDemo: Bool) throws -> FlagsEnvironment {
        let snapshots = SnapshotCache(environment: options.environment)
        let registry = try RegistrySnapshot(cache: snapshots).load(path: registryPath)
        // Before the store is opened (or created), so a mistyped path changes nothing.
        let source = options.experiments.map { ExperimentsSource.parse($0, relativeTo: options.workingDirectory) } ?? registry.experiments
        if options.experiments != nil, case .file(let path) = source, !FileManager.default.fileExists(atPath: path) {
            throw ExperimentsFileNotFound(path: path)
        }
        let storePath = options.storePath ?? options.environment["FLAGS_STORE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? SQLitePrefs.defaultPath(forApp: registry.app, environment: options.environment)
        let prefs = try SQLitePrefs(path: absolute(storePath, in: options.workingDirectory), history: .featureFlags)

        let loaded = source.map { ExperimentsLoader.load($0, prefs: prefs, policy: options.fetchPolicy, snapshots: snapshots) }
        let (nimbusID, isNew) = try options.nimbusID.map { ($0, false) } ?? NimbusClientStore(prefs: prefs).nimbusID()
        let setup = ClientSetup(source: source, loaded: loaded, nimbusID: nimbusID,
                                isFirstRun: isNew, locale: locale(from: options.environment), context: options.context,
                                snapshots: snapshots)
        return FlagsEnvironment(registry: registry, isDemo: isDemo, prefs: prefs, channel: options.channel ?? .current, clientSetup: setup)
    }

    /// The same app, store and client, resolved and previewed for another channel.
    public func previewing(_ channel: BuildChannel) -> FlagsEnvironment {
        FlagsEnvironment(registry: registry, isDemo: isDemo, prefs: prefs, channel: channel, clientSetup: clientSetup)
    }

    /// The same app and store evaluated again: after opt-outs changed or the store was changed
    /// by another process.
    public func reloaded() -> FlagsEnvironment { previewing(channel) }

    /// The same app with its experiments read again from their source, for instance fetched from
    /// the server in the background after the menu drew its first frame from the cache.
    public func refetchingExperiments(policy: ExperimentsFetchPolicy = .fetch) -> FlagsEnvironment {
        var setup = clientSetup
        setup.loaded = setup.source.map { ExperimentsLoader.load($0, prefs: prefs, policy: policy, snapshots: setup.snapshots) }
        return FlagsEnvironment(registry: registry, isDemo: isDemo, prefs: prefs, channel: channel, clientSetup: setup)
    }

    /// The same app, client and experiments on the store now at `storePath`, opened again: for
    /// a program that keeps the store open when the file it opened was moved away, deleted or
    /// replaced (`SQLitePrefs.changeAtPath()`). The store open until now is closed. The client (its Nimbus id, the experiments
    /// evaluated for it) stays the one this session started with.
    public func reopeningStore() throws(PrefsStoreError) -> FlagsEnvironment {
        using(store: try prefs.reopened())
    }

    /// The same app, client and experiments, reading and writing `prefs` instead.
    public func using(store prefs: SQLitePrefs) -> FlagsEnvironment {
        FlagsEnvironment(registry: registry, isDemo: isDemo, prefs: prefs, channel: channel, clientSetup: clientSetup)
    }

    /// Every transform the Nimbus SDK registers, built once per evaluation: the event queries
    /// read the store's events as they are now. `preferenceIsUserSet` is always false, as on
    /// Firefox for iOS, which has no Gecko preferences for it to ask about.
    static func transforms(prefs: Prefs) -> JEXLTransforms {
        .nimbus(events: EventStorePrefs(prefs: prefs).loadOrEmpty(), now: .now)
    }

    /// The user's locale as Nimbus writes it (`en-US`), from `LC_ALL`, `LC_MESSAGES` or `LANG`.
    static func locale(from environment: [String: String]) -> String {
        let raw = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let base = raw.split(separator: ".").first.map(String.init) ?? ""
        guard !base.isEmpty, base != "C", base != "POSIX" else { return "en-US" }
        return String(base.map { $0 == "_" ? "-" : $0 })
    }

    /// The registry the options name (`configPath`, else `FLAGS_CONFIG`), checked to be a file
    /// (a FIFO, as `--config <(…)` gives, is read like one); nil when they name none.
    public static func namedRegistry(_ options: FlagsOptions) throws -> String? {
        guard let config = options.configPath ?? options.environment["FLAGS_CONFIG"].flatMap({ $0.isEmpty ? nil : $0 }) else { return nil }
        let path = absolute(config, in: options.workingDirectory)
        var info = stat()
        guard stat(path, &info) == 0 else { throw RegistryNotFound(path: path) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: throw RegistryNotFound(path: path, kind: "a folder")
        case S_IFCHR, S_IFBLK: throw RegistryNotFound(path: path, kind: "a device")
        default: return path
        }
    }

    /// The registry an app named; an app that named none is told how to.
    private static func givenRegistry(_ options: FlagsOptions) throws -> String {
        guard let path = try namedRegistry(options) else { throw RegistryNotFound.noneNamed }
        return path
    }

    /// `path` as given when absolute, else relative to `folder` (the working directory when empty):
    /// how every path the user or a registry gives is read.
    public static func absolute(_ path: String, in folder: String) -> String {
        path.hasPrefix("/") ? path : FilePathText.joined(folder.isEmpty ? "." : folder, path)
    }
}
