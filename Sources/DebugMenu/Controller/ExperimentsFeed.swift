#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags

/// Where the menu's experiments come from, and what the header says about it: the ones the
/// environment opened with (a file, or a server's offline cache), then, while a
/// `BackgroundExperimentsFetch` runs, a fetch from the server, handed over once when done.
///
/// ```swift
/// var feed = ExperimentsFeed(environment: environment, glyphs: .unicode)
/// feed.start(environment: environment, policy: .fetch)   // status: "… fetching"
/// if let fetched = feed.takeFetched() { adopt(fetched) }
/// ```
struct ExperimentsFeed {
    /// What the header says about the experiments' source (nil for a file).
    private(set) var status: String?
    private var fetch: BackgroundExperimentsFetch?
    private let glyphs: ScreenGlyphs

    /// The experiments `environment` opened with, described with `glyphs`.
    init(environment: FlagsEnvironment, glyphs: ScreenGlyphs) {
        self.glyphs = glyphs
        status = ExperimentsStatusText.text(
            for: environment.experiments, isFetching: false,
            cachedAt: ExperimentsStatusText.cachedAt(environment.experiments, prefs: environment.prefs),
            dash: glyphs.dash, ellipsis: glyphs.ellipsis)
    }

    /// Whether a fetch was started and its result not taken yet.
    var isFetching: Bool { fetch != nil }

    /// Starts fetching `environment`'s experiments on another thread when they come from a
    /// server, unless `policy` keeps to the cache or a fetch is running; returns whether it did.
    mutating func start(environment: FlagsEnvironment, policy: ExperimentsFetchPolicy) -> Bool {
        guard fetch == nil, policy != .cacheOnly, ExperimentsStatusText.isRemote(environment.experiments) else { return false }
        fetch = BackgroundExperimentsFetch(environment: environment, policy: policy)
        status = ExperimentsStatusText.text(for: environment.experiments, isFetching: true, dash: glyphs.dash, ellipsis: glyphs.ellipsis)
        return true
    }

    /// The environment with the fetched experiments, once the fetch has finished (nil before,
    /// and after it was taken).
    mutating func takeFetched() -> FlagsEnvironment? {
        guard let fetched = fetch?.take() else { return nil }
        fetch = nil
        status = ExperimentsStatusText.text(for: fetched.experiments, isFetching: false, dash: glyphs.dash, ellipsis: glyphs.ellipsis)
        return fetched
    }
}
#endif
