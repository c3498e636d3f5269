import FeatureFlags
import Prefs

/// Registers the app's real services in `AppContainer.shared` at start, as Firefox for iOS's
/// `DependencyHelper` does in `AppDelegate`; `DependencyHelperMock` is its test counterpart.
///
/// Call it once at launch, and again after reopening the flags, so that every view model
/// (`FeatureFlaggable`, `UserFeaturePreferenceProvider`) resolves the current ones.
///
/// ```swift
/// let environment = try FlagsEnvironment.open(FlagsOptions(configPath: "feature-flags.yaml"))
/// DependencyHelper().bootstrapDependencies(from: environment)
/// ```
public struct DependencyHelper: Sendable {
    public init() {}

    /// Registers the environment's store, Nimbus layer, provider and preference manager under
    /// the protocols app code resolves them by.
    public func bootstrapDependencies(from environment: FlagsEnvironment) {
        let container = AppContainer.shared
        container.register(service: environment.prefs as Prefs)
        container.register(service: environment.nimbusLayer as NimbusFeatureFlagLayerProviding)
        container.register(service: environment.provider as FeatureFlagProviding)
        container.register(service: environment.preferences as UserFeaturePreferring)
    }
}
