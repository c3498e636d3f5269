/// The one question app code asks: is this flag on? Firefox for iOS's `FeatureFlagProviding`.
///
/// App code reaches it through `FeatureFlaggable` (`featureFlagsProvider.isEnabled(.x)`);
/// tests swap in a double through `AppContainer`.
///
/// ```swift
/// final class HomeViewModel: FeatureFlaggable {
///     var showsNewMenu: Bool { featureFlagsProvider.isEnabled(newMenu) }
/// }
/// ```
public protocol FeatureFlagProviding: Sendable {
    /// The override when one is stored and the build honors overrides; otherwise the Nimbus value.
    func isEnabled(_ flag: FeatureFlagID) -> Bool
    /// Stores a debug override for a debuggable flag.
    func setDebugOverride(_ flag: FeatureFlagID, to value: Bool) throws
}
