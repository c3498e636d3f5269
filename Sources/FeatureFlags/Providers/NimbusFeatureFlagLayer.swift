import Nimbus

/// The default `NimbusFeatureFlagLayerProviding`: reads each flag's Boolean variable from the
/// feature values Nimbus resolved for this client and channel.
///
/// Values are computed once when the layer is made (manifest default for the channel, with any
/// rollout and experiment merged over it), so `checkNimbusConfigFor` is a dictionary lookup.
/// Make a new layer when the channel or the experiments change.
///
/// ```swift
/// let layer = NimbusFeatureFlagLayer(registry: registry, channel: "beta")
/// layer.checkNimbusConfigFor(flag)
/// ```
public final class NimbusFeatureFlagLayer: NimbusFeatureFlagLayerProviding {
    /// A feature's resolved value and where each of its variables came from.
    public struct FeatureValue: Sendable, Hashable {
        public var value: JSONValue
        /// Where each variable set by an experiment or rollout comes from; the others are the
        /// manifest default for the channel.
        public var variableSources: [String: FlagValueSource]

        public init(value: JSONValue, variableSources: [String: FlagValueSource] = [:]) {
            self.value = value
            self.variableSources = variableSources
        }

        func source(ofVariable variable: String, channel: String) -> FlagValueSource {
            variableSources[variable] ?? .defaultValue(channel: channel)
        }
    }

    public let channel: String
    private let flagValues: [String: NimbusFlagValue]
    private let preferenceValues: [String: String]

    /// - Parameter resolved: feature values decided by experiments or rollouts, by feature id;
    ///   every other feature takes its manifest default for `channel`.
    public init(registry: FeatureFlagRegistry, channel: String, resolved: [String: FeatureValue] = [:]) {
        self.channel = channel
        var cache: [String: FeatureValue] = [:]
        func feature(_ id: String) -> FeatureValue {
            if let known = cache[id] { return known }
            let value = resolved[id] ?? FeatureValue(value: registry.manifest.defaultValue(forFeature: id, channel: channel))
            cache[id] = value
            return value
        }
        var flags: [String: NimbusFlagValue] = [:]
        for flag in registry.flags {
            if let nimbus = flag.definition.nimbus {
                let resolvedFeature = feature(nimbus.feature)
                flags[flag.rawValue] = NimbusFlagValue(enabled: resolvedFeature.value[nimbus.variable]?.boolValue ?? false,
                                                       source: resolvedFeature.source(ofVariable: nimbus.variable, channel: channel))
            } else {
                flags[flag.rawValue] = NimbusFlagValue(enabled: flag.definition.fallback ?? false, source: .defaultValue(channel: nil))
            }
        }
        var preferences: [String: String] = [:]
        for preference in registry.preferences {
            preferences[preference.id] = feature(preference.nimbus.feature).value[preference.nimbus.variable]?.stringValue
        }
        flagValues = flags
        preferenceValues = preferences
    }

    public func checkNimbusConfigFor(_ flag: FeatureFlagID) -> Bool {
        flagValues[flag.rawValue]?.enabled ?? flag.definition.fallback ?? false
    }

    public func explainNimbusValue(for flag: FeatureFlagID) -> NimbusFlagValue {
        flagValues[flag.rawValue] ?? NimbusFlagValue(enabled: flag.definition.fallback ?? false, source: .defaultValue(channel: nil))
    }

    public func nimbusVariant(for preference: TypedPreference) -> String? { preferenceValues[preference.id] }
}
