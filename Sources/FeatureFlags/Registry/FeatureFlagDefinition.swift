/// Everything the registry says about one flag: where its value comes from and how it is shown.
///
/// Use it through `FeatureFlagID`; build one by hand only in tests.
///
/// ```swift
/// FeatureFlagDefinition(id: "translation", nimbus: .init(feature: "translations-feature", variable: "enabled"),
///                       debug: .init(title: "Translations", status: "Translate pages"))
/// ```
public final class FeatureFlagDefinition: Sendable {
    /// The Nimbus feature variable a flag reads: a `Boolean` variable of a manifest feature.
    public struct NimbusVariable: Sendable, Hashable {
        public var feature: String
        public var variable: String
        public init(feature: String, variable: String) {
            self.feature = feature
            self.variable = variable
        }
    }

    /// The title and status text of the flag's row in the debug menu.
    public struct DebugRow: Sendable, Hashable {
        public var title: String
        public var status: String
        public init(title: String, status: String) {
            self.title = title
            self.status = status
        }
    }

    public let id: String
    public let nimbus: NimbusVariable?
    /// Present when the flag has a `debugKey` and a row in the debug menu.
    public let debug: DebugRow?
    public let userPrefsKey: String?
    /// The hard-coded value used when the flag is not Nimbus-configured, or declared as a fallback.
    public let fallback: Bool?

    public init(id: String, nimbus: NimbusVariable? = nil, debug: DebugRow? = nil, userPrefsKey: String? = nil, fallback: Bool? = nil) {
        self.id = id
        self.nimbus = nimbus
        self.debug = debug
        self.userPrefsKey = userPrefsKey
        self.fallback = fallback
    }
}
