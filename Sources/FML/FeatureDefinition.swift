import Formats
/// A feature declared in the Feature Manifest: its id, description and variables.
///
/// Use it to list what a feature can be configured with. Its per-channel value comes from
/// `FeatureManifest.defaultValue(forFeature:channel:)`.
///
/// ```swift
/// if let feature = manifest.feature("messaging") {
///     print(feature.id, feature.variables.map(\.name))
/// }
/// ```
public struct FeatureDefinition: Sendable, Hashable {
    public let id: String
    public let description: String
    /// The variables in file order.
    public let variables: [VariableDefinition]
    /// `allow-coenrollment`: whether more than one experiment may configure the feature at once.
    public let allowCoenrollment: Bool
    /// Where the feature (its key) is declared.
    public let location: YAMLMark

    public init(id: String, description: String, variables: [VariableDefinition], allowCoenrollment: Bool,
                location: YAMLMark) {
        self.id = id
        self.description = description
        self.variables = variables
        self.allowCoenrollment = allowCoenrollment
        self.location = location
    }

    /// The variable called `name`, or nil.
    public func variable(_ name: String) -> VariableDefinition? {
        variables.first { $0.name == name }
    }
}
