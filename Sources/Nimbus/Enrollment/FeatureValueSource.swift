/// Where a feature's value comes from, in the order that wins: an experiment branch, a
/// rollout, or the manifest default.
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
    case rollout(slug: String)
    case defaultValue

    public var description: String {
        switch self {
        case .experiment(let slug, let branch): "experiment \(slug) (branch \(branch))"
        case .rollout(let slug): "rollout \(slug)"
        case .defaultValue: "default"
        }
    }
}
