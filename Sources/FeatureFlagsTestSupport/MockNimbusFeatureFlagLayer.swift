import FeatureFlags
import Synchronization

/// A Nimbus layer for tests: a flag is on exactly when it is in `enabledFlags`.
///
/// Use it to pin Nimbus values in a unit test, the way Firefox for iOS's tests do.
///
/// ```swift
/// let layer = MockNimbusFeatureFlagLayer(enabledFlags: [newMenu])
/// let provider = FeatureFlagsProvider(prefs: MockProfilePrefs(), nimbusLayer: layer)
/// provider.isEnabled(newMenu)   // true
/// ```
public final class MockNimbusFeatureFlagLayer: NimbusFeatureFlagLayerProviding {
    private let state: Mutex<(flags: Set<FeatureFlagID>, variants: [String: String])>

    public init(enabledFlags: Set<FeatureFlagID> = [], variants: [String: String] = [:]) {
        state = Mutex((enabledFlags, variants))
    }

    /// The flags Nimbus reports as on.
    public var enabledFlags: Set<FeatureFlagID> {
        get { state.withLock { $0.flags } }
        set { state.withLock { $0.flags = newValue } }
    }

    /// The variant Nimbus gives each typed preference, by preference id.
    public var variants: [String: String] {
        get { state.withLock { $0.variants } }
        set { state.withLock { $0.variants = newValue } }
    }

    public func checkNimbusConfigFor(_ flag: FeatureFlagID) -> Bool { enabledFlags.contains(flag) }

    public func nimbusVariant(for preference: TypedPreference) -> String? { variants[preference.id] }
}
