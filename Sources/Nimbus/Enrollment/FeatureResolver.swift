import Formats
/// Computes each feature's value from the manifest defaults and the client's enrollments.
///
/// Use it after `EnrollmentEvaluator`. The resolver knows nothing of manifests: `defaults`
/// gives a feature's default value (an object of variables, already resolved for the channel)
/// and `isValid` says whether a variable accepts a value (its FML type). Layers apply per
/// top-level variable: the default, then the enrolled rollout's branch value deep-merged over
/// it, then the enrolled experiment's branch value over that. A variable whose merged value
/// fails `isValid` is dropped from that layer, so the value beneath it (ultimately the
/// default) stands, as generated Nimbus code falls back to the default for a mistyped value.
/// Debug overrides (`NimbusDebugOverrides`) add a last layer, the feature values set by hand,
/// checked the same way, and name an experiment whose branch was forced as such.
///
/// ```swift
/// let defaults: [String: JSONValue] = ["homescreen": .object(["enabled": .bool(false)])]
/// let resolver = FeatureResolver(
///     defaults: { defaults[$0] ?? .object([:]) },
///     isValid: { _, variable, value in variable != "enabled" || value.boolValue != nil })
/// let homescreen = resolver.resolve("homescreen", enrollments: results)
/// ```
public struct FeatureResolver: Sendable {
    private let defaults: @Sendable (String) -> JSONValue
    private let isValid: @Sendable (_ featureId: String, _ variable: String, _ value: JSONValue) -> Bool
    private let overrides: NimbusDebugOverrides

    /// - Parameter overrides: forced branches (their experiments' values are named as forced)
    ///   and feature values set by hand, the top layer; `.none` in a release build.
    public init(
        defaults: @escaping @Sendable (String) -> JSONValue,
        isValid: @escaping @Sendable (_ featureId: String, _ variable: String, _ value: JSONValue) -> Bool = { _, _, _ in true },
        overrides: NimbusDebugOverrides = .none
    ) {
        self.defaults = defaults
        self.isValid = isValid
        self.overrides = overrides
    }

    /// The value of `featureId` given `enrollments` (only `.enrolled` results count).
    public func resolve(_ featureId: String, enrollments: [EnrollmentResult]) -> ResolvedFeature {
        resolve(featureId, layers: EnrolledLayers(enrollments))
    }

    /// The value of every feature in `featureIds`, keyed by feature id.
    public func resolveAll(_ featureIds: some Sequence<String>, enrollments: [EnrollmentResult]) -> [String: ResolvedFeature] {
        // Indexed once: looking each feature up in every enrollment made 10,000 features with
        // 1,000 records cost ten million comparisons.
        let layers = EnrolledLayers(enrollments)
        var resolved: [String: ResolvedFeature] = [:]
        for featureId in featureIds { resolved[featureId] = resolve(featureId, layers: layers) }
        return resolved
    }

    /// The value of each feature in `featureIds` that an enrolled rollout or experiment
    /// configures, keyed by feature id; every other feature is its default, and is left out.
    public func resolveConfigured(_ featureIds: some Sequence<String>, enrollments: [EnrollmentResult]) -> [String: ResolvedFeature] {
        let wanted = Set(featureIds)
        return configured(enrollments: enrollments, where: wanted.contains).all
    }

    /// The features an enrolled rollout or experiment configures and `isWanted` accepts, each
    /// resolved when first asked for. Costs O(enrollments), whatever the number of features.
    public func configured(enrollments: [EnrollmentResult], where isWanted: (String) -> Bool) -> ResolvedFeatures {
        let layers = EnrolledLayers(enrollments)
        let configured = layers.configuredFeatureIds.union(overrides.featureValues.keys)
        return ResolvedFeatures(featureIds: configured.filter(isWanted)) { resolve($0, layers: layers) }
    }

    private func resolve(_ featureId: String, layers: EnrolledLayers) -> ResolvedFeature {
        var resolved = ResolvedFeature(featureId: featureId, value: defaults(featureId))
        if let rollout = layers.rollouts[featureId] {
            let forced = overrides.forcedBranches[rollout.slug] == rollout.branch
            apply(rollout.value, from: forced ? .forcedRollout(slug: rollout.slug) : .rollout(slug: rollout.slug), to: &resolved)
            resolved.rollout = rollout.slug
            resolved.isRolloutForced = forced
        }
        if let experiment = layers.experiments[featureId] {
            let forced = overrides.forcedBranches[experiment.slug] == experiment.branch
            apply(experiment.value, from: forced ? .forcedBranch(slug: experiment.slug, branch: experiment.branch)
                  : .experiment(slug: experiment.slug, branch: experiment.branch), to: &resolved)
            resolved.experiment = (experiment.slug, experiment.branch)
            resolved.isExperimentForced = forced
        }
        if let values = overrides.featureValues[featureId] {
            apply(values, from: .featureOverride, to: &resolved)
        }
        return resolved
    }

    /// The enrolled rollout and the enrolled experiment that configure each feature. The
    /// evaluator leaves at most one of each per feature; taking the first keeps this total if
    /// handed unresolved results.
    private struct EnrolledLayers: Sendable {
        struct Layer: Sendable {
            var slug: String
            var branch: String
            var value: [String: JSONValue]
        }

        var rollouts: [String: Layer] = [:]
        var experiments: [String: Layer] = [:]

        /// Every feature a rollout or an experiment configures, each once.
        var configuredFeatureIds: Set<String> { Set(rollouts.keys).union(experiments.keys) }

        init(_ enrollments: [EnrollmentResult]) {
            for result in enrollments {
                guard let branch = result.branch else { continue }
                for feature in branch.features {
                    let layer = Layer(slug: result.slug, branch: branch.slug, value: feature.value)
                    if result.isRollout {
                        if rollouts[feature.featureId] == nil { rollouts[feature.featureId] = layer }
                    } else if experiments[feature.featureId] == nil {
                        experiments[feature.featureId] = layer
                    }
                }
            }
        }
    }

    private func apply(_ layer: [String: JSONValue], from source: FeatureValueSource, to resolved: inout ResolvedFeature) {
        var variables = resolved.value.objectValue ?? [:]
        // Sorted so `rejectedVariables` has a stable order.
        for variable in layer.keys.sorted() {
            let incoming = layer[variable]!
            let candidate = variables[variable].map { $0.merging(incoming) } ?? incoming
            if isValid(resolved.featureId, variable, candidate) {
                variables[variable] = candidate
                resolved.variableSources[variable] = source
            } else if !resolved.rejectedVariables.contains(variable) {
                resolved.rejectedVariables.append(variable)
            }
        }
        resolved.value = .object(variables)
    }
}
