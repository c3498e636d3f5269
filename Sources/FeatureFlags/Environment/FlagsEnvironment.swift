import Formats
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
    public let storePath: String
    public let prefs: SQLitePrefs
    /// The manifest channel values are resolved for (one of `registry.manifest.channels`): the
    /// build's own, mapped by the registry's `channels:`, unless another is previewed.
    public let channel: String
    /// The build channel whose override rules are previewed: the one that stands for `channel`
    /// (`ChannelMap.buildChannel(for:)`), else this build's. It gates overrides; `channel` picks
    /// defaults.
    public let buildChannel: BuildChannel
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
        /// Whether this evaluation is the client's own, as on a device, so its enrollments and
        /// the app version are kept for the next one; a preview (`--nimbus-id`, `--context`,
        /// `--channel`, the menu's channel preview) changes nothing.
        var persists = false
        /// The client is the store's own (no `--nimbus-id` naming another).
        var isStoredClient = true
    }

    init(registry: FeatureFlagRegistry, prefs: SQLitePrefs, channel: String, clientSetup: ClientSetup) {
        self.registry = registry
        storePath = prefs.path
        self.prefs = prefs
        self.channel = channel
        buildChannel = registry.channels.buildChannel(for: channel) ?? .current
        self.clientSetup = clientSetup
        let clientStore = NimbusClientStore(prefs: prefs)
        let now = Int(Date().timeIntervalSince1970)
        let (attributes, updateWrites) = Self.attributes(registry: registry, channel: channel, setup: clientSetup, store: clientStore, now: now)
        let earlier = clientSetup.isStoredClient ? clientStore.readEnrollments() : nil
        let client = NimbusClient(
            nimbusID: clientSetup.nimbusID, attributes: attributes, extraContext: clientSetup.context,
            experimentsOptOut: clientStore.isOptedOut(of: .experiments), rolloutsOptOut: clientStore.isOptedOut(of: .rollouts),
            previousEnrollments: earlier?.enrollments ?? [])
        let (events, eventStoreProblem) = Self.events(prefs: prefs)
        var evaluated = NimbusExperiments.evaluate(records: clientSetup.loaded?.records, source: clientSetup.source?.description,
                                                   loadProblem: clientSetup.loaded?.problem, note: clientSetup.loaded?.note,
                                                   remote: clientSetup.loaded?.remote, client: client, registry: registry, now: now,
                                                   transforms: .nimbus(events: events, now: .now),
                                                   overrides: NimbusOverrideStore(prefs: prefs).honored(for: buildChannel))
        evaluated.eventStoreProblem = eventStoreProblem
        // Only an evaluation of records that loaded is kept: with none (an unreachable server and
        // no cache) every enrollment would end, which the SDK never does without new records.
        if clientSetup.persists, clientSetup.loaded?.records != nil {
            // The flags of this run are right whether or not the state is kept; a store that
            // cannot be written (read-only, full) makes the next run evaluate afresh, which the
            // evaluation carries for the command to say.
            let kept = evaluated.storedEnrollments
            do {
                try clientStore.record(updateWrites + (earlier.map { clientStore.changes(keeping: kept, read: $0) } ?? clientStore.changes(keeping: kept)))
            } catch {
                evaluated.enrollmentWriteProblem = "this client's enrollments were not saved (\(error)); the next run decides them afresh"
            }
        }
        experiments = evaluated
        let experiments = evaluated
        nimbusLayer = NimbusFeatureFlagLayer(registry: registry, channel: channel, lookup: experiments.layerValue(of:))
        provider = FeatureFlagsProvider(prefs: prefs, nimbusLayer: nimbusLayer, behavingAs: buildChannel)
        preferences = UserFeaturePreferenceManager(prefs: prefs, nimbusLayer: nimbusLayer)
    }

    /// Loads the registry, its manifest and the store named by `options`.
    public static func open(_ options: FlagsOptions) throws -> FlagsEnvironment {
        try open(options, registryPath: try givenRegistry(options))
    }

    /// Opens the flags of the registry at `registryPath` (absolute), found by the caller.
    public static func open(_ options: FlagsOptions, registryPath: String) throws -> FlagsEnvironment {
        let snapshots = SnapshotCache(environment: options.environment)
        let registry = try RegistrySnapshot(cache: snapshots).load(path: registryPath)
        // The build's own channel must be one the manifest declares (or be mapped to one), even
        // when another is previewed: the app itself would resolve nothing otherwise.
        let buildsChannel = try registry.manifestChannel(for: .current)
        let channel = try options.channel.map { (name: ChannelName) throws(ChannelError) -> String in try registry.manifestChannel(named: name.text) } ?? buildsChannel
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
        var setup = ClientSetup(source: source, loaded: loaded, nimbusID: nimbusID,
                                isFirstRun: isNew, locale: locale(from: options.environment), context: options.context,
                                snapshots: snapshots)
        setup.isStoredClient = options.nimbusID == nil || options.nimbusID == NimbusClientStore(prefs: prefs).storedNimbusID
        setup.persists = options.nimbusID == nil && options.context.isEmpty && options.channel == nil
        return FlagsEnvironment(registry: registry, prefs: prefs, channel: channel, clientSetup: setup)
    }

    /// The same app, store and client, resolved and previewed for another manifest channel (one
    /// of `registry.manifest.channels`), with the override rules of the build channel that
    /// stands for it. A preview keeps no enrollment.
    public func previewing(_ channel: String) -> FlagsEnvironment {
        var setup = clientSetup
        setup.persists = false
        return FlagsEnvironment(registry: registry, prefs: prefs, channel: channel, clientSetup: setup)
    }

    /// The same app, resolved for the manifest channel a build of `build` uses.
    public func previewing(_ build: BuildChannel) -> FlagsEnvironment {
        previewing(registry.channels.manifestChannel(for: build))
    }

    /// The same app and store evaluated again: after opt-outs changed or the store was changed
    /// by another process.
    public func reloaded() -> FlagsEnvironment {
        FlagsEnvironment(registry: registry, prefs: prefs, channel: channel, clientSetup: clientSetup)
    }

    /// The targeting attributes of this client, as the SDK computes them, and the writes that
    /// record an app update. From the registry (`app:`, `context:`), the channel, the locale,
    /// the store (install and update times) and the clock; `is_first_run` is the tool's own
    /// custom attribute (true when this run created the client id), which `context:` may set.
    /// An update is a change of `app_version` since the last evaluation (`--context
    /// app_version=…` previews one: `days_since_update` is then 0).
    static func attributes(registry: FeatureFlagRegistry, channel: String, setup: ClientSetup, store: NimbusClientStore,
                           now: Int) -> (TargetingAttributes, [PrefChange]) {
        var attributes = TargetingAttributes(appName: registry.app, appId: registry.app, channel: channel)
        attributes.locale = setup.locale
        var custom: [String: JSONValue] = ["is_first_run": .bool(setup.isFirstRun)]
        for (name, value) in registry.context {
            if TargetingAttributes.appContextNames.contains(name) {
                _ = attributes.setAppContext(name, to: value)
            } else {
                custom[name] = value
            }
        }
        attributes.customTargetingAttributes = custom
        let appVersion = setup.context["app_version"]?.stringValue ?? attributes.appVersion
        let (updatedAt, writes) = store.update(appVersion: appVersion, now: now)
        attributes.updateTime(now: now, installedAt: store.installedAt ?? now, updatedAt: updatedAt)
        return (attributes, writes)
    }

    /// The same app with its experiments read again from their source, for instance fetched from
    /// the server in the background after the menu drew its first frame from the cache.
    public func refetchingExperiments(policy: ExperimentsFetchPolicy = .fetch) -> FlagsEnvironment {
        var setup = clientSetup
        setup.loaded = setup.source.map { ExperimentsLoader.load($0, prefs: prefs, policy: policy, snapshots: setup.snapshots) }
        return FlagsEnvironment(registry: registry, prefs: prefs, channel: channel, clientSetup: setup)
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
        FlagsEnvironment(registry: registry, prefs: prefs, channel: channel, clientSetup: clientSetup)
    }

    /// Every transform the Nimbus SDK registers, built once per evaluation: the event queries
    /// read the store's events as they are now. `preferenceIsUserSet` is always false, as on
    /// Firefox for iOS, which has no Gecko preferences for it to ask about.
    /// The store's events, or none with the reason when they cannot be read: enrollment must not
    /// fail for a damaged event store, and must not pretend it read one either.
    static func events(prefs: Prefs) -> (store: EventStore, problem: String?) {
        do {
            return (try EventStorePrefs(prefs: prefs).load(), nil)
        } catch {
            return (EventStore(), "\(error); until then targeting that asks it (eventSum, eventLastSeen, …) sees no events")
        }
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
