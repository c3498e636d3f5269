import FML
import Formats

/// The default `NimbusFeatureFlagLayerProviding`: reads each flag's Boolean variable from the
/// feature values Nimbus resolved for this client and channel.
///
/// A flag's value is its feature's resolved value (manifest default for the channel, with any
/// rollout and experiment merged over it), looked up when asked: a few dictionary lookups, and
/// nothing computed up front for flags nobody asks about. The provider memoises the answers.
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
    private let manifest: FeatureManifest
    /// The value experiments or rollouts decided for a feature; nil for its manifest default.
    private let resolved: @Sendable (String) -> FeatureValue?

    /// - Parameter resolved: feature values decided by experiments or rollouts, by feature id;
    ///   every other feature takes its manifest default for `channel`.
    public convenience init(registry: FeatureFlagRegistry, channel: String, resolved: [String: FeatureValue] = [:]) {
        self.init(registry: registry, channel: channel, lookup: { resolved[$0] })
    }

    /// - Parameter lookup: the value experiments or rollouts decided for a feature, when asked
    ///   (`NimbusExperiments` resolves features lazily); nil for the manifest default.
    public init(registry: FeatureFlagRegistry, channel: String, lookup: @escaping @Sendable (String) -> FeatureValue?) {
        self.channel = channel
        manifest = registry.manifest
        resolved = lookup
    }

    public func checkNimbusConfigFor(_ flag: FeatureFlagID) -> Bool {
        explainNimbusValue(for: flag).enabled
    }

    public func explainNimbusValue(for flag: FeatureFlagID) -> NimbusFlagValue {
        explainNimbusValue(for: flag, keepingFeature: true)
    }

    public func explainNimbusValueReadOnce(for flag: FeatureFlagID) -> NimbusFlagValue {
        explainNimbusValue(for: flag, keepingFeature: false)
    }

    private func explainNimbusValue(for flag: FeatureFlagID, keepingFeature: Bool) -> NimbusFlagValue {
        guard let nimbus = flag.definition.nimbus else {
            return NimbusFlagValue(enabled: flag.definition.fallback ?? false, source: .defaultValue(channel: nil))
        }
        if let feature = resolved(nimbus.feature) {
            return NimbusFlagValue(enabled: feature.value[nimbus.variable]?.boolValue ?? false,
                                   source: feature.source(ofVariable: nimbus.variable, channel: channel))
        }
        // A flag of a registry read from files holds its feature; one read from a snapshot looks
        // its feature up, decoding it for this answer alone when only reading once.
        let value = if let feature = flag.definition.feature {
            manifest.defaultValue(of: feature, variable: nimbus.variable, channel: channel)
        } else if keepingFeature {
            manifest.defaultValue(forFeature: nimbus.feature, variable: nimbus.variable, channel: channel)
        } else {
            manifest.defaultValueReadOnce(forFeature: nimbus.feature, variable: nimbus.variable, channel: channel)
        }
        return NimbusFlagValue(enabled: value?.boolValue ?? false, source: .defaultValue(channel: channel))
    }

    public func nimbusVariant(for preference: TypedPreference) -> String? {
        let nimbus = preference.nimbus
        if let feature = resolved(nimbus.feature) { return feature.value[nimbus.variable]?.stringValue }
        return manifest.defaultValue(forFeature: nimbus.feature, variable: nimbus.variable, channel: channel)?.stringValue
    }
}
