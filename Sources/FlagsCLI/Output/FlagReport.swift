#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags
import Formats
import Platform

/// What `flags get` and `flags list` say about one flag, as JSON for scripts and as text for people.
///
/// ```swift
/// FlagReport(state: provider.state(of: flag), environment: env).json["source"]   // "override"
/// ```
struct FlagReport {
    let state: FeatureFlagState
    let environment: FlagsEnvironment

    private var flag: FeatureFlagID { state.flag }

    /// The flag as one JSON object; every key is always present (null when it does not apply).
    var json: JSONValue {
        var experiment = JSONValue.null
        var rollout = JSONValue.null
        // Scripts that read `experiment` or `rollout` keep working; `forced` says it was put there by hand.
        switch state.nimbus.source {
        case .experiment(let slug, let branch), .forcedBranch(let slug, let branch):
            experiment = .object(["slug": .string(slug), "branch": .string(branch)])
        case .rollout(let slug), .forcedRollout(let slug):
            rollout = .string(slug)
        default:
            break
        }
        let definition = flag.definition
        return .object([
            "id": .string(flag.rawValue),
            "enabled": .bool(state.enabled),
            "source": .string(state.source.name),
            "experiment": experiment,
            "rollout": rollout,
            "forced": .bool(state.nimbus.source.isForced),
            "override": state.override.map(JSONValue.bool) ?? .null,
            "overrideActive": .bool(state.source == .override),
            "overrideSetAt": state.overrideSetAt.map { .string(Timestamp.iso8601($0)) } ?? .null,
            "nimbus": .bool(state.nimbus.enabled),
            "nimbusSource": .string(state.nimbus.source.name),
            "channel": .string(environment.channel),
            "feature": definition.nimbus.map { .string($0.feature) } ?? .null,
            "variable": definition.nimbus.map { .string($0.variable) } ?? .null,
            "debuggable": .bool(flag.isDebuggable),
            "debugKey": flag.debugKey.map(JSONValue.string) ?? .null,
            "title": definition.debug.map { .string($0.title) } ?? .null,
            "status": definition.debug.map { .string($0.status) } ?? .null,
            "userPrefsKey": flag.userPrefsKey.map(JSONValue.string) ?? .null,
            "userPreference": environment.preferences.storedPreference(for: flag).map(JSONValue.bool) ?? .null,
        ])
    }

    /// Where the value comes from, in words: "override (set 5m ago)", "default", "experiment a/b",
    /// "experiment a/b (forced)", "rollout r (forced)".
    var sourceText: String {
        var text = state.source.summary
        if state.source == .override, let setAt = state.overrideSetAt { text += " (set \(Timestamp.age(since: setAt)) ago)" }
        if state.overrideIsInactive { text += ", override \(OnOff.text(state.override!)) inactive in \(environment.channel)" }
        return text
    }
}
#endif
