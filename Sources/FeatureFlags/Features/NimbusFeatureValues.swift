import FML
import Nimbus
import Prefs

/// The feature values of an open `FlagsEnvironment`, for generated feature holders: each
/// feature's value as the Nimbus layer resolves it (the manifest default for the channel, with
/// the enrolled rollout and experiment merged over it), and exposures counted in its store.
///
/// ```swift
/// let flags = try FlagsEnvironment.open(FlagsOptions(configPath: "feature-flags.yaml"))
/// AppNimbus.shared.initialize(with: NimbusFeatureValues(environment: flags))
/// AppNimbus.shared.features.homescreen.value()
/// ```
public struct NimbusFeatureValues: FeatureValuesProviding {
    public let channel: String
    private let manifest: FeatureManifest
    private let resolved: ResolvedFeatures
    private let exposures: FeatureExposures

    public init(environment: FlagsEnvironment) {
        self.init(manifest: environment.registry.manifest, experiments: environment.experiments,
                  channel: environment.channel, prefs: environment.prefs)
    }

    /// - Parameter experiments: the enrollments evaluated for this client (their resolved features).
    public init(manifest: FeatureManifest, experiments: NimbusExperiments, channel: String, prefs: Prefs) {
        self.channel = channel
        self.manifest = manifest
        resolved = experiments.resolved
        exposures = FeatureExposures(prefs: prefs)
    }

    public func variables(forFeature featureId: String) -> FeatureVariables {
        let defaults = manifest.defaultValue(forFeature: featureId, channel: channel)
        return FeatureVariables(resolved[featureId]?.value ?? defaults, defaults: defaults)
    }

    /// A store that refuses the write (read-only, full) loses this exposure: counting must not
    /// stop the app showing the feature.
    public func recordExposure(featureId: String) {
        try? exposures.record(featureId)
    }
}
