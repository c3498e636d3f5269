import FML
import Formats
import FeatureFlags

/// One feature of the app's manifest as `flags features` shows it: its variables with their
/// types and defaults for a channel, and which flags and preferences read each variable.
///
/// Use it to see what is there before `flags add`, or to find features no flag reads yet.
///
/// ```swift
/// let features = FeatureUsage.all(in: registry, channel: "developer")
/// features[0].variables[0].readers   // ["flag allergenInfo"]
/// ```
public struct FeatureUsage: Sendable, Hashable {
    /// One variable of the feature.
    public struct Variable: Sendable, Hashable {
        public var name: String
        public var type: FMLType
        /// The manifest default for the channel, after its `defaults` blocks.
        public var defaultValue: JSONValue
        public var description: String
        /// The flags and preferences that read the variable, by id.
        public var flags: [String]
        public var preferences: [String]
    }

    public var id: String
    public var description: String
    public var variables: [Variable]

    /// Every feature of the registry's manifest, sorted by id, variables in manifest order.
    public static func all(in registry: FeatureFlagRegistry, channel: String) -> [FeatureUsage] {
        registry.manifest.featureIDs.compactMap { id in
            guard let feature = registry.manifest.feature(id) else { return nil }
            let value = registry.manifest.defaultValue(forFeature: id, channel: channel)
            let variables = feature.variables.map { variable in
                Variable(name: variable.name, type: variable.type, defaultValue: value[variable.name] ?? variable.defaultValue,
                         description: variable.description,
                         flags: registry.flags.filter { $0.definition.nimbus == .init(feature: id, variable: variable.name) }.map(\.rawValue),
                         preferences: registry.preferences.filter { $0.nimbus == .init(feature: id, variable: variable.name) }.map(\.id))
            }
            return FeatureUsage(id: id, description: feature.description, variables: variables)
        }
    }

    public var json: JSONValue {
        .object([
            "id": .string(id),
            "description": .string(description),
            "variables": .array(variables.map { variable in
                .object([
                    "name": .string(variable.name),
                    "type": .string(variable.type.description),
                    "default": variable.defaultValue,
                    "description": .string(variable.description),
                    "flags": .array(variable.flags.map(JSONValue.string)),
                    "preferences": .array(variable.preferences.map(JSONValue.string)),
                ])
            }),
        ])
    }
}
