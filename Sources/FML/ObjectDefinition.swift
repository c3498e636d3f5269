import Formats
/// An object type declared in the Feature Manifest: named fields, each with a type and default.
///
/// Use it to read the shape of an object-typed variable. A value of the object may omit fields;
/// the field defaults fill them in (`FeatureManifest.defaultValue(forFeature:channel:)` already
/// has them filled).
///
/// ```swift
/// manifest.objectDefinition("StyleData")?.field("priority")?.defaultValue  // .int(50)
/// ```
public struct ObjectDefinition: Sendable, Hashable {
    public let name: String
    public let description: String
    /// The fields in file order.
    public let fields: [VariableDefinition]
    public let location: YAMLMark

    public init(name: String, description: String, fields: [VariableDefinition], location: YAMLMark) {
        self.name = name
        self.description = description
        self.fields = fields
        self.location = location
    }

    /// The field called `name`, or nil.
    public func field(_ name: String) -> VariableDefinition? {
        fields.first { $0.name == name }
    }
}
