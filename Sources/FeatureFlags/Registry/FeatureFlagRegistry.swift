#if canImport(Glibc)
import Glibc
#endif
import FML
import Formats
import Platform

/// The app's list of flags and typed preferences, read from its `feature-flags.yaml`.
///
/// It says which flags exist, which Nimbus feature variable each reads, which are debuggable
/// (with the title and status text of their menu row), which users can toggle, and the fallback
/// of flags that are not Nimbus-configured. The menu, the command line and the app all read it.
///
/// ```swift
/// let registry = try FeatureFlagRegistry.load(path: "feature-flags.yaml")
/// let flag = try registry.flag("newBibimbapMenu")
/// ```
public struct FeatureFlagRegistry: Sendable {
    /// The registry file, or a description of where it came from.
    public let path: String
    /// The app's Nimbus Feature Manifest, already loaded and checked.
    public let manifest: FeatureManifest
    /// The app name; it names the store folder.
    public let app: String
    /// The Nimbus manifest, resolved to an absolute path.
    public let manifestPath: String
    /// Where experiment records come from, when the registry names a source.
    public let experiments: ExperimentsSource?
    /// Every flag, sorted by id; from a snapshot, each is made when read.
    public let flags: FeatureFlagList
    /// Every typed preference, sorted by id.
    public let preferences: [TypedPreference]
    /// The app's compile-time flags (`build-flags:`), sorted by name.
    public let buildFlags: [BuildFlagDefinition]
    /// The targeting attributes the app gives Nimbus (`context:`): its `AppContext` fields
    /// (`app_version`, `os`, `device_model`, ...) and its custom attributes, by JSON name.
    public var context: [String: JSONValue] = [:]
    /// How the build channels are named in the manifest (`channels:`).
    public let channels: ChannelMap
    /// The team's shared Remote Settings server and presets collection (`remote-settings:`), if set.
    public let remoteSettings: RegistryRemoteSettings?

    /// The flags that have a debug-menu row, as positions in `flags`, sorted by title (then id):
    /// the order the menu shows them in. Worked out when first asked for, and kept in the
    /// registry's snapshot.
    public var debuggableFlagIndices: [Int] { debugRowOrder.positions }
    private let debugRowOrder: DebugRowOrder
    /// The flags users can toggle (with a `userPrefsKey`), as positions in `flags`, in id order.
    /// Kept like `debuggableFlagIndices`, so the menu finds them without reading every flag.
    public let userPreferenceFlagIndices: [Int]

    public init(path: String, app: String, manifest: FeatureManifest, manifestPath: String, experiments: ExperimentsSource? = nil,
                flags: [FeatureFlagDefinition], preferences: [TypedPreference] = [], buildFlags: [BuildFlagDefinition] = [],
                channels: ChannelMap = ChannelMap(), remoteSettings: RegistryRemoteSettings? = nil) {
        let list = FeatureFlagList(flags.map(FeatureFlagID.init))
        self.init(path: path, app: app, manifest: manifest, manifestPath: manifestPath, experiments: experiments,
                  flags: list, preferences: preferences, buildFlags: buildFlags, channels: channels, remoteSettings: remoteSettings,
                  orders: (DebugRowOrder(of: list), list.indices.filter { list[$0].userPrefsKey != nil }))
    }

    /// - Parameter orders: `debuggableFlagIndices` and `userPreferenceFlagIndices`.
    init(path: String, app: String, manifest: FeatureManifest, manifestPath: String, experiments: ExperimentsSource?,
         flags: FeatureFlagList, preferences: [TypedPreference], buildFlags: [BuildFlagDefinition], channels: ChannelMap,
         remoteSettings: RegistryRemoteSettings? = nil, orders: (debuggable: DebugRowOrder, userPreferences: [Int])) {
        self.channels = channels
        self.path = path
        self.manifest = manifest
        self.app = app
        self.manifestPath = manifestPath
        self.experiments = experiments
        self.flags = flags
        self.preferences = preferences.sorted()
        self.buildFlags = buildFlags.sorted { $0.name < $1.name }
        self.remoteSettings = remoteSettings
        debugRowOrder = orders.debuggable
        userPreferenceFlagIndices = orders.userPreferences
    }

    /// Reads the registry at `path` and the manifest it names, and checks every flag against it.
    /// Errors name the file, line and column of the offending entry.
    public static func load(path: String) throws -> FeatureFlagRegistry {
        let file = try RegistryFile.read(path: path)
        // A `manifest:` that names nothing readable is the registry line's fault: say so there,
        // rather than report "cannot read" at line 1 of a file that does not exist.
        var info = stat()
        guard stat(file.manifestPath, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw YAMLError(at: file.manifestMark, "`manifest` names \(file.manifestPath), which is not a file; "
                            + "give the path of the app's nimbus.fml.yaml, relative to this registry")
        }
        let manifest = try FeatureManifest.load(path: file.manifestPath)
        return try RegistryValidator(file: file, manifest: manifest).registry()
    }

    /// The manifest channel a build of `build` resolves for (mapped by `channels:`), or an
    /// error naming the declared channels and the mapping that would fix it.
    public func manifestChannel(for build: BuildChannel) throws(ChannelError) -> String {
        let name = channels.manifestChannel(for: build)
        guard manifest.channels.contains(name) else {
            throw ChannelError(message: "the manifest \(manifestPath) does not declare the channel of this \(build.rawValue) build, '\(name)'; "
                + "it declares: \(manifest.channels.isEmpty ? "no channels" : manifest.channels.joined(separator: ", ")). "
                + "Map the build to one of them in \(path), e.g. `channels: { \(build.rawValue): \(manifest.channels.first ?? "<channel>") }`")
        }
        return name
    }

    /// The manifest channel `text` (from `--channel`) names, or an error listing the declared ones.
    public func manifestChannel(named text: String) throws(ChannelError) -> String {
        if let name = channels.manifestChannel(named: text, among: manifest.channels) { return name }
        let hint = NearestName.find(text, among: manifest.channels).map { " (did you mean '\($0)'?)" } ?? ""
        throw ChannelError(message: "unknown channel '\(text)'\(hint): the manifest \(manifestPath) declares "
            + "\(manifest.channels.isEmpty ? "no channels" : manifest.channels.joined(separator: ", "))", given: text)
    }

    /// The flags that have a debug-menu row, sorted by title (then id), as the menu shows them.
    public var debuggableFlags: [FeatureFlagID] { debuggableFlagIndices.map { flags[$0] } }

    /// The flag with this id, if the registry has one.
    public func flagIfPresent(_ id: String) -> FeatureFlagID? { index(ofFlag: id).map { flags[$0] } }

    /// The position in `flags` of the flag with this id, if the registry has one.
    public func index(ofFlag id: String) -> Int? {
        flags.position(of: id)
    }

    /// The flag with this id, or an error that suggests the nearest id.
    public func flag(_ id: String) throws(FlagLookupError) -> FeatureFlagID {
        if let flag = flagIfPresent(id) { return flag }
        throw FlagLookupError(kind: "flag", id: id, suggestion: NearestName.find(id, among: flags.map(\.rawValue)), registryPath: path)
    }

    /// The typed preference with this id, or an error that suggests the nearest id.
    public func preference(_ id: String) throws(FlagLookupError) -> TypedPreference {
        if let preference = preferences.first(where: { $0.id == id }) { return preference }
        throw FlagLookupError(kind: "preference", id: id, suggestion: NearestName.find(id, among: preferences.map(\.id)), registryPath: path)
    }
}

/// A channel the manifest does not declare: given with `--channel`, or the build's own unmapped.
///
/// ```swift
/// try registry.manifestChannel(named: "nighty")   // unknown channel 'nighty': the manifest … declares release, beta, nightly, developer
/// ```
public struct ChannelError: Error, CustomStringConvertible, Sendable {
    public var message: String
    /// The name the user gave (`--channel`), or nil when the build's own channel is undeclared.
    public var given: String?
    public var description: String { message }
}

/// An id that is not in the registry, with the nearest id that is.
///
/// ```swift
/// FlagLookupError(kind: "flag", id: "tranlsation", suggestion: "translation", registryPath: "…").description
/// // "unknown flag 'tranlsation' (did you mean 'translation'?) in …"
/// ```
public struct FlagLookupError: Error, CustomStringConvertible, Sendable {
    public var kind: String
    public var id: String
    public var suggestion: String?
    public var registryPath: String

    public var description: String {
        let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
        return "unknown \(kind) '\(field: id)'\(hint); the \(kind)s are listed in \(registryPath) (try: flags list)"
    }
}
