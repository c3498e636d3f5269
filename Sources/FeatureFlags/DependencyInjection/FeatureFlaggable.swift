/// Adopt it to read flags the Firefox way: `featureFlagsProvider.isEnabled(.x)`, resolved from
/// `AppContainer.shared`.
///
/// ```swift
/// struct HomeViewModel: FeatureFlaggable {
///     func showsPromo(_ flag: FeatureFlagID) -> Bool { featureFlagsProvider.isEnabled(flag) }
/// }
/// ```
public protocol FeatureFlaggable {}

extension FeatureFlaggable {
    public var featureFlagsProvider: FeatureFlagProviding { AppContainer.shared.resolve() }
}
