/// Computes each feature's value from the manifest defaults and the client's enrollments.
///
/// Use it after `EnrollmentEvaluator`. The resolver knows nothing of manifests: `defaults`
/// gives a feature's default value (an object of variables, already resolved for the channel)
/// and `isValid` says whether a variable accepts a value (its FML type). Layers apply per
/// top-level variable: the default, then the enrolled rollout's branch value deep-merged over
/// it, then the enrolled experiment's branch value over that. A variable whose merged value
/// fails `isValid` is dropped from that layer, so the value beneath it (ultimately the
/// default) stands, as generated Nimbus code falls back to the default for a mistyped value.
///
/// ```swift
/// let defaults: [String: JSONValue] = ["homescreen": .object(["enabled": .bool(false)])]
/// let resolver = FeatureResolver(
///     defaults: { defaults[$0] ?? .object([:]) },
///     isValid: { _, variable, value in variable != "enabled" || value.boolValue != nil })
/// let homescreen = resolver.resolve("homescreen", enrollments: results)
/// ```
public struct FeatureResolver {
    private let defaults: (String) -> JSONValue
    private let isValid: (_ featureId: String, _ variable: String, _ value: JSONValue) -> Bool

    public init(
        defaults: @escaping (String) -> JSONValue,
        isValid: @escaping (_ featureId: String, _ variable: String, _ value: JSONValue) -> Bool = { _, _, _ in true }
    ) {
        self.defaults = defaults
        self.isValid = isValid
    }

    /// The value of `featureId` given `enrollments` (only `.enrolled` results count).
    public func resolve(_ featureId: String, enrollments: [EnrollmentResult]) -> ResolvedFeature {
        var resolved = ResolvedFeature(featureId: featureId, value: defaults(featureId))
        // The evaluator leaves at most one enrolled rollout and one enrolled experiment per
        // feature; taking the first keeps this total if handed unresolved results.
        if let (slug, _, layer) = enrolledLayer(for: featureId, in: enrollments, rollouts: true) {
            apply(layer, from: .rollout(slug: slug), to: &resolved)
            resolved.rollout = slug
        }
        if let (slug, branch, layer) = enrolledLayer(for: featureId, in: enrollments, rollouts: false) {
            apply(layer, from: .experiment(slug: slug, branch: branch), to: &resolved)
            resolved.experiment = (slug, branch)
        }
        return resolved
    }

    /// The value of every feature in `featureIds`, keyed by feature id.
    public func resolveAll(_ featureIds: some Sequence<String>, enrollments: [EnrollmentResult]) -> [String: ResolvedFeature] {
        var resolved: [String: ResolvedFeature] = [:]
        for featureId in featureIds { resolved[featureId] = resolve(featureId, enrollments: enrollments) }
        return resolved
    }

    private func enrolledLayer(
        for featureId: String,
        in enrollments: [EnrollmentResult],
        rollouts: Bool
    ) -> (slug: String, branch: String, value: [String: JSONValue])? {
        for result in enrollments where result.isRollout == rollouts {
            if let branch = result.branch, let value = branch.value(for: featureId) {
                return (result.slug, branch.slug, value)
            }
        }
        return nil
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
