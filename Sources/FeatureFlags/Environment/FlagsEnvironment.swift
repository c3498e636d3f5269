import Foundation
import Nimbus
import Prefs

/// One app's flags, wired together: registry and manifest, the persistent store, the Nimbus layer
/// for the chosen channel, the provider and the user preference manager.
///
/// The command line, the debug menu and the demo app open one at start. It finds the registry
/// (`--config`, else `feature-flags.yaml` in the working directory or a parent, else the built-in
/// demo) and the store (`--store`, else `FLAGS_STORE`, else the app's default path).
///
/// ```swift
/// let flags = try FlagsEnvironment.open(FlagsOptions())
/// flags.provider.isEnabled(try flags.registry.flag("newBibimbapMenu"))
/// ```
public final class FlagsEnvironment: Sendable {
    public static let registryFileName = "feature-flags.yaml"

    public let registry: FeatureFlagRegistry
    /// True when no registry was found and the built-in Bibimbap demo is in use.
    public let isDemo: Bool
    public let storePath: String
    public let prefs: SQLitePrefs
    /// The channel values are resolved for, and whose override rules are previewed.
    public let channel: BuildChannel
    public let nimbusLayer: NimbusFeatureFlagLayer
    public let provider: FeatureFlagsProvider
    public let preferences: UserFeaturePreferenceManager

    init(registry: FeatureFlagRegistry, isDemo: Bool, storePath: String, prefs: SQLitePrefs, channel: BuildChannel) {
        self.registry = registry
        self.isDemo = isDemo
        self.storePath = storePath
        self.prefs = prefs
        self.channel = channel
        nimbusLayer = NimbusFeatureFlagLayer(registry: registry, channel: channel.rawValue)
        provider = FeatureFlagsProvider(prefs: prefs, nimbusLayer: nimbusLayer, behavingAs: channel)
        preferences = UserFeaturePreferenceManager(prefs: prefs, nimbusLayer: nimbusLayer)
    }

    /// Loads the registry, its manifest and the store named by `options`.
    public static func open(_ options: FlagsOptions) throws -> FlagsEnvironment {
        let (registryPath, isDemo) = try locateRegistry(options)
        let registry = try FeatureFlagRegistry.load(path: registryPath)
        let storePath = options.storePath ?? options.environment["FLAGS_STORE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? SQLitePrefs.defaultPath(forApp: registry.app, environment: options.environment)
        let prefs = try SQLitePrefs(path: absolute(storePath, in: options.workingDirectory))
        return FlagsEnvironment(registry: registry, isDemo: isDemo, storePath: prefs.path, prefs: prefs,
                                channel: options.channel ?? .current)
    }

    /// The same app and store, resolved and previewed for another channel.
    public func previewing(_ channel: BuildChannel) -> FlagsEnvironment {
        FlagsEnvironment(registry: registry, isDemo: isDemo, storePath: storePath, prefs: prefs, channel: channel)
    }

    /// The registry to use and whether it is the built-in demo.
    static func locateRegistry(_ options: FlagsOptions) throws -> (String, Bool) {
        if let config = options.configPath {
            let path = absolute(config, in: options.workingDirectory)
            guard FileManager.default.fileExists(atPath: path) else { throw RegistryNotFound(path: path) }
            return (path, false)
        }
        var folder = URL(fileURLWithPath: options.workingDirectory).standardizedFileURL.path
        while true {
            let candidate = (folder as NSString).appendingPathComponent(registryFileName)
            if FileManager.default.fileExists(atPath: candidate) { return (candidate, false) }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { break }
            folder = parent
        }
        let demoFolder = (SQLitePrefs.defaultPath(forApp: BibimbapDemo.app, environment: options.environment) as NSString)
            .deletingLastPathComponent + "/demo"
        return (try BibimbapDemo.materialize(in: demoFolder), true)
    }

    static func absolute(_ path: String, in folder: String) -> String {
        path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)
    }
}
