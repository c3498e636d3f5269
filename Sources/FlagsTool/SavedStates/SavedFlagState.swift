#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Formats
import Prefs
import FeatureFlags
import Platform

/// A flag state that can be saved, shared and applied atomically: the overrides, the user
/// preferences and the typed preferences stored for an app, and its Nimbus debug overrides
/// (forced branches and feature values), as `flags export` writes them.
///
/// Use it for exports, presets and diffs. The JSON text has a schema version and sorted keys, so
/// files diff well. Version 2 added `forcedBranches` and `featureValues`; a version 1 file (which
/// has neither) is still read.
///
/// ```json
/// { "app": "bibimbap", "channel": "developer", "featureValues": { "bibimbap-feature": { "spice-level": 5 } },
///   "forcedBranches": { "new-menu-test": "treatment" }, "overrideSetAt": { "tipJar": "2026-11-29T11:42:12Z" },
///   "overrides": { "tipJar": false }, "schemaVersion": 2,
///   "typedPreferences": { "startAtHome": "always" }, "userPreferences": { "spicyMode": true } }
/// ```
public struct SavedFlagState: Sendable, Equatable {
    public static let schemaVersion = 2
    /// The versions `SavedFlagStateReader` reads: 1 is 2 without the Nimbus debug overrides.
    public static let readableSchemaVersions = [1, 2]

    public var app: String
    /// The channel the state was captured in (information only: overrides are channel-free).
    public var channel: String
    public var overrides: [String: Bool]
    /// When each override was set, in seconds since 1970; optional in files people write.
    public var overrideSetAt: [String: Double]
    /// User preferences of flags with a `userPrefsKey`, by flag id.
    public var userPreferences: [String: Bool]
    /// Typed preferences, by preference id.
    public var typedPreferences: [String: String]
    /// Forced branches (`flags enroll`): branch slug by experiment slug.
    public var forcedBranches: [String: String]
    /// Feature overrides (`flags feature set`): variable values by feature id, then variable.
    public var featureValues: [String: [String: JSONValue]]

    public init(app: String, channel: String, overrides: [String: Bool] = [:], overrideSetAt: [String: Double] = [:],
                userPreferences: [String: Bool] = [:], typedPreferences: [String: String] = [:],
                forcedBranches: [String: String] = [:], featureValues: [String: [String: JSONValue]] = [:]) {
        self.app = app
        self.channel = channel
        self.overrides = overrides
        self.overrideSetAt = overrideSetAt
        self.userPreferences = userPreferences
        self.typedPreferences = typedPreferences
        self.forcedBranches = forcedBranches
        self.featureValues = featureValues
    }

    /// How many debug overrides of any kind the state holds: flag overrides, forced branches and
    /// feature overrides, one per variable.
    public var debugOverrideCount: Int { overrides.count + forcedBranches.count + featureVariableTexts.count }

    /// What the store holds now for the app's registry.
    public static func capture(from environment: FlagsEnvironment) -> SavedFlagState {
        var state = SavedFlagState(app: environment.registry.app, channel: environment.channel)
        for flag in environment.registry.flags {
            if let entry = environment.provider.debugOverride(for: flag), let value = entry.value.boolValue {
                state.overrides[flag.rawValue] = value
                state.overrideSetAt[flag.rawValue] = entry.updatedAt
            }
            if let preference = environment.preferences.storedPreference(for: flag) {
                state.userPreferences[flag.rawValue] = preference
            }
        }
        for preference in environment.registry.preferences {
            if let variant = environment.preferences.storedPreference(for: preference) {
                state.typedPreferences[preference.id] = variant
            }
        }
        // Everything stored, honored or not: a state saved while previewing release keeps them.
        let nimbus = NimbusOverrideStore(prefs: environment.prefs).overrides
        state.forcedBranches = nimbus.forcedBranches
        state.featureValues = nimbus.featureValues
        return state
    }

    public var json: JSONValue {
        .object([
            "schemaVersion": .int(Self.schemaVersion),
            "app": .string(app),
            "channel": .string(channel),
            "overrides": .object(overrides.mapValues(JSONValue.bool)),
            "overrideSetAt": .object(overrideSetAt.mapValues { .string(Timestamp.iso8601($0)) }),
            "userPreferences": .object(userPreferences.mapValues(JSONValue.bool)),
            "typedPreferences": .object(typedPreferences.mapValues(JSONValue.string)),
            "forcedBranches": .object(forcedBranches.mapValues(JSONValue.string)),
            "featureValues": .object(featureValues.mapValues(JSONValue.object)),
        ])
    }

    /// What applying this state (replacing, as a preset is applied) writes: the changes of
    /// `changes(for:replacing:)` that store another value than the store holds, and each in
    /// words (`StoreKeyLabels.describe`). Applying writes exactly `changes`, so the count a
    /// command reports is what the history then shows, and "no changes" writes nothing.
    public func effectiveChanges(for environment: FlagsEnvironment) -> (changes: [PrefChange], descriptions: [String]) {
        let current = environment.prefs.allEntries()
        let changes = self.changes(for: environment, replacing: true).filter { current[$0.key]?.value != $0.entry(writtenAt: 0)?.value }
        return (changes, StoreKeyLabels(registry: environment.registry).describe(changes, against: current))
    }

    /// The store changes that make the app's state equal this one, as one list for one
    /// transaction. With `replacing`, overrides (flag overrides, forced branches, feature
    /// overrides) not in this state are removed; otherwise they stay (the state is merged in,
    /// a feature's variables among them).
    public func changes(for environment: FlagsEnvironment, replacing: Bool, now: Double = Date().timeIntervalSince1970) -> [PrefChange] {
        let registry = environment.registry
        let nimbusStore = NimbusOverrideStore(prefs: environment.prefs)
        let stored = nimbusStore.overrides
        var changes: [PrefChange] = []
        if replacing {
            let keep = Set(overrides.keys.compactMap { registry.flagIfPresent($0)?.debugKey })
                .union(forcedBranches.keys.map(NimbusOverrideStore.forcedBranchKey))
                .union(featureValues.keys.map(NimbusOverrideStore.featureOverrideKey))
            for (key, entry) in environment.prefs.allEntries() where !keep.contains(key) {
                if (key.hasSuffix(FeatureFlagID.debugKeySuffix) && entry.value.boolValue != nil) || NimbusOverrideStore.isOverrideKey(key) {
                    changes.append(.remove(key))
                }
            }
        }
        for (slug, branch) in forcedBranches {
            changes.append(nimbusStore.forcingChange(branch, of: slug))
        }
        for (feature, variables) in featureValues {
            let merged = replacing ? variables : (stored.featureValues[feature] ?? [:]).merging(variables) { _, saved in saved }
            changes.append(nimbusStore.featureChange(merged, of: feature))
        }
        for (id, value) in overrides {
            guard let key = registry.flagIfPresent(id)?.debugKey else { continue }
            changes.append(.restore(key, PrefEntry(value: .bool(value), updatedAt: overrideSetAt[id] ?? now)))
        }
        for (id, value) in userPreferences {
            guard let key = registry.flagIfPresent(id)?.userPrefsKey else { continue }
            changes.append(.set(key, .bool(value)))
        }
        for (id, variant) in typedPreferences {
            guard let preference = try? registry.preference(id) else { continue }
            changes.append(.set(preference.userPrefsKey, .string(variant)))
        }
        return changes.sorted { $0.key < $1.key }
    }
}
