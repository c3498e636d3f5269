/// Where a feature's value comes from, in the order that wins: a feature value set by hand
/// (a debug override), an experiment branch (forced by hand, or enrolled), a rollout, or the
/// manifest default.
///
/// Use it to show people why a feature has the value it has.
///
/// ```swift
/// switch resolved.source {
/// case .experiment(let slug, let branch): print("experiment \(slug) (\(branch))")
/// case .rollout(let slug): print("rollout \(slug)")
/// case .defaultValue: print("default")
/// }
/// ```
public enum FeatureValueSource: Sendable, Hashable, CustomStringConvertible {
    case experiment(slug: String, branch: String)
    /// An experiment whose branch a developer forced (`flags enroll`).
    case forcedBranch(slug: String, branch: String)
    case rollout(slug: String)
    /// A rollout whose branch a developer forced (`flags enroll`).
    case forcedRollout(slug: String)
    /// A value set by hand (`flags feature set`).
    case featureOverride
    case defaultValue

    /// The short words the menu and the command line show beside a value: "experiment
    /// slug/branch", "experiment slug/branch (forced)", "rollout slug", "rollout slug
    /// (forced)", "feature override", "default".
    public var summary: String {
        switch self {
        case .experiment(let slug, let branch): "experiment \(slug)/\(branch)"
        case .forcedBranch(let slug, let branch): "experiment \(slug)/\(branch) (forced)"
        case .rollout(let slug): "rollout \(slug)"
        case .forcedRollout(let slug): "rollout \(slug) (forced)"
        case .featureOverride: "feature override"
        case .defaultValue: "default"
        }
    }

    public var description: String {
        switch self {
        case .experiment(let slug, let branch): "experiment \(slug) (branch \(branch))"
        case .forcedBranch(let slug, let branch): "experiment \(slug) (branch \(branch), forced)"
        case .featureOverride: "feature override"
        case .rollout(let slug): "rollout \(slug)"
        case .forcedRollout(let slug): "rollout \(slug) (forced)"
        case .defaultValue: "default"
        }
    }
}
