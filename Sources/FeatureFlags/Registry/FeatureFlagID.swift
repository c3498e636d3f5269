/// The identity of one feature flag, with the properties Firefox for iOS's `FeatureFlagID` has.
///
/// Here the flag list is data (the registry file), so an id carries its definition. Two ids are
/// equal when their raw values are. Apps get a static member per flag from `flags generate`
/// (`FeatureFlagID.newBibimbapMenu`), so `isEnabled(.newBibimbapMenu)` reads as in Firefox.
///
/// ```swift
/// let flag = try registry.flag("translation")
/// flag.debugKey            // "translationDebugKey"
/// flag.isNimbusConfigured  // true when the registry maps it to a Nimbus feature variable
/// ```
public struct FeatureFlagID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let definition: FeatureFlagDefinition

    public init(_ definition: FeatureFlagDefinition) {
        self.definition = definition
    }

    public var rawValue: String { definition.id }
    public var description: String { rawValue }

    /// The prefs key of the debug override, `<id>DebugKey`; nil when the flag cannot be overridden.
    public var debugKey: String? { isDebuggable ? Self.debugKey(for: rawValue) : nil }
    /// Whether the flag can be overridden (it has a debug row): `debugKey != nil` without
    /// making the key, which a listing asked of every flag.
    public var isDebuggable: Bool { definition.hasDebugRow }
    /// The prefs key of the user's own choice; nil when users cannot toggle it.
    public var userPrefsKey: String? { definition.userPrefsKey }
    /// Whether the flag's value comes from a Nimbus feature variable.
    public var isNimbusConfigured: Bool { definition.nimbus != nil }

    /// The debug key a flag id would have: `translation` → `translationDebugKey`.
    public static func debugKey(for id: String) -> String { id + debugKeySuffix }

    /// What every debug key ends in, and no other stored key may.
    public static let debugKeySuffix = "DebugKey"

    public static func == (lhs: FeatureFlagID, rhs: FeatureFlagID) -> Bool { lhs.rawValue == rhs.rawValue }
    public static func < (lhs: FeatureFlagID, rhs: FeatureFlagID) -> Bool { lhs.rawValue < rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
