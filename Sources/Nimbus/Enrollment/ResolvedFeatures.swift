import Synchronization

/// The features a client's enrollments configure, each resolved (default, rollout, experiment)
/// the first time it is asked for and kept: a start that shows a screenful of flags resolves
/// their features, not the hundreds a thousand enrollments touch. Every other feature is at its
/// manifest default.
///
/// Make one with `FeatureResolver.configured(enrollments:where:)`.
///
/// ```swift
/// let features = resolver.configured(enrollments: results, where: manifest.hasFeature)
/// features.featureIds           // what enrollments configure
/// features["homescreen"]?.value // resolved now; nil for a feature left at its default
/// ```
public final class ResolvedFeatures: Sendable {
    /// The features that have a value of their own.
    public let featureIds: Set<String>
    private let resolve: @Sendable (String) -> ResolvedFeature
    private let resolved = Mutex<[String: ResolvedFeature]>([:])

    init(featureIds: Set<String>, resolve: @escaping @Sendable (String) -> ResolvedFeature) {
        self.featureIds = featureIds
        self.resolve = resolve
    }

    /// The feature `featureId` resolved, or nil when enrollments leave it at its default.
    public subscript(featureId: String) -> ResolvedFeature? {
        guard featureIds.contains(featureId) else { return nil }
        if let known = resolved.withLock({ $0[featureId] }) { return known }
        // Resolved outside the lock: two threads may both work it out, and agree.
        let feature = resolve(featureId)
        resolved.withLock { $0[featureId] = feature }
        return feature
    }

    /// Every configured feature, resolved.
    public var all: [String: ResolvedFeature] {
        Dictionary(uniqueKeysWithValues: featureIds.map { ($0, self[$0]!) })
    }
}
