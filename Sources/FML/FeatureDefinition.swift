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
    /// The fields, held by reference: a load hands each of 100,000 features through several
    /// stages and lookups, and each copy of five fields was four reference counts.
    private final class Storage: Sendable {
        let id: String
        let description: String
        let variables: [VariableDefinition]
        let allowCoenrollment: Bool
        let location: YAMLMark

        init(id: String, description: String, variables: [VariableDefinition], allowCoenrollment: Bool, location: YAMLMark) {
            self.id = id
            self.description = description
            self.variables = variables
            self.allowCoenrollment = allowCoenrollment
            self.location = location
        }
    }

    private let storage: Storage

    public var id: String { storage.id }
    public var description: String { storage.description }
    /// The variables in file order.
    public var variables: [VariableDefinition] { storage.variables }
    /// `allow-coenrollment`: whether more than one experiment may configure the feature at once.
    public var allowCoenrollment: Bool { storage.allowCoenrollment }
    /// Where the feature (its key) is declared.
    public var location: YAMLMark { storage.location }

    public init(id: String, description: String, variables: [VariableDefinition], allowCoenrollment: Bool,
                location: YAMLMark) {
        storage = Storage(id: id, description: description, variables: variables, allowCoenrollment: allowCoenrollment, location: location)
    }

    /// The variable called `name`, or nil.
    public func variable(_ name: String) -> VariableDefinition? {
        storage.variables.first { $0.name == name }
    }

    public static func == (lhs: FeatureDefinition, rhs: FeatureDefinition) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.id == rhs.id && lhs.description == rhs.description && lhs.variables == rhs.variables
            && lhs.allowCoenrollment == rhs.allowCoenrollment && lhs.location == rhs.location
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(description)
        hasher.combine(variables)
        hasher.combine(allowCoenrollment)
        hasher.combine(location)
    }
}
