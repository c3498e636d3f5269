/// A user preference with more than two values, backed by an FML enum variable (like Firefox's
/// `StartAtHome`): the user picks one of the enum's variants.
///
/// ```swift
/// let startAtHome = try registry.preference("startAtHome")
/// startAtHome.variants   // ["afterFourHours", "always", "disabled"]
/// ```
public struct TypedPreference: Hashable, Sendable, Comparable {
    public let id: String
    public let nimbus: FeatureFlagDefinition.NimbusVariable
    public let userPrefsKey: String
    /// The FML enum's name and its variants, in manifest order.
    public let enumName: String
    public let variants: [String]

    public init(id: String, nimbus: FeatureFlagDefinition.NimbusVariable, userPrefsKey: String, enumName: String, variants: [String]) {
        self.id = id
        self.nimbus = nimbus
        self.userPrefsKey = userPrefsKey
        self.enumName = enumName
        self.variants = variants
    }

    public static func < (lhs: TypedPreference, rhs: TypedPreference) -> Bool { lhs.id < rhs.id }
}
