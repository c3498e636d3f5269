/// Where feature holders get their values and send their exposures: the Nimbus SDK's role for
/// nimbus-fml's generated code. `NimbusFeatureValues` is the one an app uses.
///
/// ```swift
/// AppNimbus.shared.initialize(with: NimbusFeatureValues(environment: flags))
/// ```
public protocol FeatureValuesProviding: Sendable {
    /// The feature's resolved variables and its manifest defaults for the channel.
    func variables(forFeature featureId: String) -> FeatureVariables
    /// Counts that the user was shown the feature's value.
    func recordExposure(featureId: String)
}
