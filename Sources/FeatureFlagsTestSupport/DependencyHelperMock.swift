import FeatureFlags
import Prefs

/// Registers test doubles in `AppContainer.shared`, as Firefox for iOS's `DependencyHelperMock` does.
///
/// Call `bootstrapDependencies()` in a test's set-up and `reset()` in its tear-down; pass your own
/// doubles to replace the defaults (in-memory prefs and a Nimbus layer with every flag off).
///
/// ```swift
/// let helper = DependencyHelperMock()
/// helper.bootstrapDependencies(nimbusLayer: MockNimbusFeatureFlagLayer(enabledFlags: [newMenu]))
/// defer { helper.reset() }
/// HomeViewModel().showsNewMenu   // true: the view model resolved the provider from AppContainer
/// ```
public struct DependencyHelperMock {
    public init() {}

    public func bootstrapDependencies(
        prefs: Prefs = MockProfilePrefs(),
        nimbusLayer: NimbusFeatureFlagLayerProviding = MockNimbusFeatureFlagLayer(),
        injectedFeatureFlagsProvider: FeatureFlagProviding? = nil,
        injectedUserFeaturePreferences: UserFeaturePreferring? = nil
    ) {
        let container = AppContainer.shared
        container.reset()
        container.register(service: prefs)
        container.register(service: nimbusLayer)
        container.register(service: injectedFeatureFlagsProvider ?? FeatureFlagsProvider(prefs: prefs, nimbusLayer: nimbusLayer))
        container.register(service: injectedUserFeaturePreferences ?? UserFeaturePreferenceManager(prefs: prefs, nimbusLayer: nimbusLayer))
    }

    public func reset() {
        AppContainer.shared.reset()
    }
}
