import Platform

/// Where a flag's value comes from, so every value can explain itself.
///
/// ```swift
/// switch state.source {
/// case .override: "set in the debug menu"
/// case .experiment(let slug, let branch): "experiment \(slug), branch \(branch)"
/// case .rollout(let slug): "rollout \(slug)"
/// case .defaultValue(let channel): channel.map { "manifest default for \($0)" } ?? "the registry's default"
/// }
/// ```
public enum FlagValueSource: Sendable, Hashable {
    /// A debug override stored in prefs, honored because the build allows it.
    case override
    /// A Nimbus experiment the client is enrolled in.
    case experiment(slug: String, branch: String)
    /// A Nimbus experiment whose branch a developer forced (`flags enroll`): a debug override,
    /// honored in developer and beta builds only.
    case forcedBranch(slug: String, branch: String)
    /// A feature variable set by hand (`flags feature set`): a debug override too.
    case featureOverride
    /// A Nimbus rollout the client is enrolled in.
    case rollout(slug: String)
    /// A Nimbus rollout whose branch a developer forced (`flags enroll`): a debug override.
    case forcedRollout(slug: String)
    /// The manifest default for `channel`; nil channel means the registry's hard-coded fallback
    /// of a flag that is not Nimbus-configured.
    case defaultValue(channel: String?)

    /// The one-word name used in `--json` output: override, experiment (forced or not: see
    /// `isForced`), feature-override, rollout, default.
    public var name: String {
        switch self {
        case .override: "override"
        case .experiment, .forcedBranch: "experiment"
        case .featureOverride: "feature-override"
        case .rollout, .forcedRollout: "rollout"
        case .defaultValue: "default"
        }
    }

    /// Whether an experiment's or a rollout's branch was forced (`flags enroll`).
    public var isForced: Bool {
        switch self {
        case .forcedBranch, .forcedRollout: true
        default: false
        }
    }

    /// A short human description: "override", "experiment slug/branch", "experiment
    /// slug/branch (forced)", "feature override", "rollout slug", "default".
    public var summary: String {
        switch self {
        case .override: "override"
        case .experiment(let slug, let branch): "experiment \(field: slug)/\(field: branch)"
        case .forcedBranch(let slug, let branch): "experiment \(field: slug)/\(field: branch) (forced)"
        case .featureOverride: "feature override"
        case .rollout(let slug): "rollout \(field: slug)"
        case .forcedRollout(let slug): "rollout \(field: slug) (forced)"
        // The registry's `default:` is a default too, and `--json` calls both "default".
        case .defaultValue: "default"
        }
    }
}

/// A flag's value as Nimbus (or the registry's fallback) decides it, before any override.
public struct NimbusFlagValue: Sendable, Hashable {
    public var enabled: Bool
    public var source: FlagValueSource

    public init(enabled: Bool, source: FlagValueSource) {
        self.enabled = enabled
        self.source = source
    }
}
