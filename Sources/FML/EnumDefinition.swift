import Formats
/// An enum declared in the Feature Manifest: a closed set of string values.
///
/// Use it to offer the valid choices for an enum-typed variable, or to check a value.
///
/// ```swift
/// manifest.enumDefinition("ControlMessageBehavior")?.variants  // ["show-next-message", "show-none"]
/// ```
public struct EnumDefinition: Sendable, Hashable {
    public let name: String
    public let description: String
    /// The variant names in file order.
    public let variants: [String]
    /// Each variant's description, by variant name.
    public let variantDescriptions: [String: String]
    public let location: YAMLMark

    public init(name: String, description: String, variants: [String], variantDescriptions: [String: String],
                location: YAMLMark) {
        self.name = name
        self.description = description
        self.variants = variants
        self.variantDescriptions = variantDescriptions
        self.location = location
    }
}
