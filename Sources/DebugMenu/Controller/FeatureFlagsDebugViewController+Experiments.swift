#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeatureFlags
import Prefs


/// Experiments from a Remote Settings server, fetched on another thread while the menu runs
/// on the cached ones.
extension FeatureFlagsDebugViewController {
    /// Starts fetching the experiments from their Remote Settings server on another thread, when
    /// they come from one; returns at once, whether a fetch was started. The result is swapped in
    /// by `takeFetchedExperiments()`, which every `handle(_:)` calls.
    @discardableResult
    public func fetchExperimentsInBackground(policy: ExperimentsFetchPolicy = .fetch) -> Bool {
        experimentsFeed.start(environment: environment, policy: policy)
    }

    /// Whether a background fetch is still running.
    public var isFetchingExperiments: Bool { experimentsFeed.isFetching }

    /// Swaps in the environment of a finished background fetch (rows reload; selection, filter
    /// and previewed channel stay). Returns whether it did.
    @discardableResult
    public func takeFetchedExperiments() -> Bool {
        guard let fetched = experimentsFeed.takeFetched() else { return false }
        // The fetch started on the store open then; it may have been reopened since.
        adopt(fetched.prefs === environment.prefs ? fetched : fetched.using(store: environment.prefs))
        return true
    }

    /// Shows `environment` from now on, keeping selection, filter and previewed channel.
    func adopt(_ environment: FlagsEnvironment) {
        self.environment = environment
        previewed = previewChannel == environment.channel ? environment : environment.previewing(previewChannel)
        shownStore.reset(to: environment.prefs.allEntries())
        countOverrides()
        rebuildAllRows()
    }
}
#endif
