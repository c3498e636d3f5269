#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// The facts shown at the top of the menu: which app, which build, which store, how many
/// flags and overrides.
///
/// Use it to pass the controller's context to `ScreenLayout`/`ScreenRenderer`; rebuild it
/// after every change, it is cheap.
///
/// ```swift
/// let header = MenuHeader(appName: "bibimbap", buildChannel: "developer",
///                         previewChannel: "beta", storePath: "~/.local/state/…/prefs.sqlite",
///                         flagCount: 42, overrideCount: 3, statusNote: "store changed")
/// ```
public struct MenuHeader: Equatable, Hashable, Sendable {
    /// The app whose flags are shown.
    public var appName: String
    /// The channel this binary was built for (developer, beta).
    public var buildChannel: String
    /// The channel being previewed at run time, when different from the build's.
    public var previewChannel: String?
    /// Where the overrides are stored.
    public var storePath: String
    /// How many flags the registry has.
    public var flagCount: Int
    /// How many debug overrides are set.
    public var overrideCount: Int
    /// How many forced branches and feature values set by hand are stored.
    public var nimbusOverrideCount: Int
    /// A short note (e.g. "reloaded: another process changed the store").
    public var statusNote: String?
    /// Where the experiments come from, when it matters: a Remote Settings source being fetched
    /// or answered from the cache ("experiments: cached 3m ago — server unreachable").
    public var experimentsStatus: String?

    public init(
        appName: String,
        buildChannel: String,
        previewChannel: String? = nil,
        storePath: String,
        flagCount: Int,
        overrideCount: Int,
        nimbusOverrideCount: Int = 0,
        statusNote: String? = nil,
        experimentsStatus: String? = nil
    ) {
        self.appName = appName
        self.buildChannel = buildChannel
        self.previewChannel = previewChannel
        self.storePath = storePath
        self.flagCount = flagCount
        self.overrideCount = overrideCount
        self.nimbusOverrideCount = nimbusOverrideCount
        self.statusNote = statusNote
        self.experimentsStatus = experimentsStatus
    }
}
#endif
