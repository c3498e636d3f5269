import Formats
/// A feature's value for one client, and which experiment and rollout contributed to it.
///
/// Use `value` as the feature's variables (an object: variable name → value) and `source` to
/// say where it comes from. When both an experiment and a rollout hold the feature, the
/// experiment's variables were merged over the rollout's, and both are named here.
///
/// ```swift
/// let resolved = resolver.resolve("homescreen", enrollments: results)
/// resolved.value["enabled"]   // .bool(true)
/// resolved.source             // .experiment(slug: "hs-test", branch: "treatment")
/// ```
public struct ResolvedFeature: Sendable, Equatable {
    public var featureId: String
    /// Default, then the rollout branch merged over it, then the experiment branch over that.
    public var value: JSONValue
    /// The experiment (and its branch) that set variables of this feature.
    public var experiment: (slug: String, branch: String)?
    /// The rollout that set variables of this feature.
    public var rollout: String?
    /// Variables an experiment or rollout set to a value the manifest does not accept; the
    /// value beneath them (ultimately the default) was kept.
    public var rejectedVariables: [String]
    /// For each variable an experiment or rollout set (and the manifest accepted), which one:
    /// a flag reads one variable, and only that variable's origin explains its value.
    public var variableSources: [String: FeatureValueSource] = [:]
    /// The experiment's branch was forced (`NimbusDebugOverrides.forcedBranches`).
    public var isExperimentForced = false
    /// The rollout's branch was forced.
    public var isRolloutForced = false

    public init(
        featureId: String,
        value: JSONValue,
        experiment: (slug: String, branch: String)? = nil,
        rollout: String? = nil,
        rejectedVariables: [String] = []
    ) {
        self.featureId = featureId
        self.value = value
        self.experiment = experiment
        self.rollout = rollout
        self.rejectedVariables = rejectedVariables
    }

    /// Where one variable's value comes from: the last layer that set it, else the default.
    public func source(ofVariable variable: String) -> FeatureValueSource {
        variableSources[variable] ?? .defaultValue
    }

    /// The highest-priority contributor.
    public var source: FeatureValueSource {
        if variableSources.values.contains(.featureOverride) { return .featureOverride }
        if let experiment {
            return isExperimentForced ? .forcedBranch(slug: experiment.slug, branch: experiment.branch)
                : .experiment(slug: experiment.slug, branch: experiment.branch)
        }
        if let rollout { return isRolloutForced ? .forcedRollout(slug: rollout) : .rollout(slug: rollout) }
        return .defaultValue
    }

    public static func == (lhs: ResolvedFeature, rhs: ResolvedFeature) -> Bool {
        lhs.featureId == rhs.featureId && lhs.value == rhs.value
            && lhs.experiment?.slug == rhs.experiment?.slug && lhs.experiment?.branch == rhs.experiment?.branch
            && lhs.rollout == rhs.rollout && lhs.rejectedVariables == rhs.rejectedVariables
            && lhs.variableSources == rhs.variableSources && lhs.isExperimentForced == rhs.isExperimentForced
            && lhs.isRolloutForced == rhs.isRolloutForced
    }
}
