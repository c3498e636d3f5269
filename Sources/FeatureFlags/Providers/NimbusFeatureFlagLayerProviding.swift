/// Answers what Nimbus says about a flag: the bridge from a `FeatureFlagID` to a feature variable.
///
/// `FeatureFlagsProvider` asks it when no debug override applies. Tests use
/// `MockNimbusFeatureFlagLayer` from `FeatureFlagsTestSupport` instead.
///
/// ```swift
/// let layer: NimbusFeatureFlagLayerProviding = NimbusFeatureFlagLayer(registry: registry, features: features)
/// layer.checkNimbusConfigFor(flag)   // true or false
/// ```
public protocol NimbusFeatureFlagLayerProviding: Sendable {
    /// The flag's value from Nimbus, or its fallback when it is not Nimbus-configured.
    func checkNimbusConfigFor(_ flag: FeatureFlagID) -> Bool
    /// The same value with where it came from.
    func explainNimbusValue(for flag: FeatureFlagID) -> NimbusFlagValue
    /// `explainNimbusValue(for:)` in a pass over many flags, each asked about once: what it
    /// reads to answer need not be kept for the next question.
    func explainNimbusValueReadOnce(for flag: FeatureFlagID) -> NimbusFlagValue
    /// The variant Nimbus gives a typed preference, when its variable holds one.
    func nimbusVariant(for preference: TypedPreference) -> String?
}

extension NimbusFeatureFlagLayerProviding {
    public func explainNimbusValue(for flag: FeatureFlagID) -> NimbusFlagValue {
        NimbusFlagValue(enabled: checkNimbusConfigFor(flag), source: .defaultValue(channel: nil))
    }

    public func explainNimbusValueReadOnce(for flag: FeatureFlagID) -> NimbusFlagValue { explainNimbusValue(for: flag) }

    public func nimbusVariant(for preference: TypedPreference) -> String? { nil }
}
