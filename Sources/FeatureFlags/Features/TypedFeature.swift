/// A feature of the manifest as a generated Swift struct, one property per variable, made from
/// the feature's resolved variables by a `FeatureHolder`.
///
/// ```swift
/// struct Homescreen: TypedFeature { var enabled: Bool; init(_ variables: FeatureVariables) { enabled = variables.value("enabled") ?? false } }
/// ```
public protocol TypedFeature: Sendable {
    /// Reads every variable, falling back to the manifest default for any it cannot read.
    init(_ variables: FeatureVariables)
}
