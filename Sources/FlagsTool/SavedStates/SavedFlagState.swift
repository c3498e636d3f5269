#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Nimbus
import Prefs
import FeatureFlags
import Platform

/// A flag state that can be saved, shared and applied atomically: the overrides, the user
/// preferences and the typed preferences stored for an app, as `flags export` writes them.
///
/// Use it for exports, presets and diffs. The JSON text has a schema version and sorted keys, so
/// files diff well:
///
/// ```json
/// { "app": "bibimbap", "channel": "developer", "overrideSetAt": { "tipJar": "2026-11-29T11:42:12Z" },
///   "overrides": { "tipJar": false }, "schemaVersion": 1,
///   "typedPreferences": { "startAtHome": "always" }, "userPreferences": { "spicyMode": true } }
/// ```
public struct SavedFlagState: Sendable, Equatable {
    public static let schemaVersion = 1

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

    public init(app: String, channel: String, overrides: [String: Bool] = [:], overrideSetAt: [String: Double] = [:],
                userPreferences: [String: Bool] = [:], typedPreferences: [String: String] = [:]) {
        self.app = app
        self.channel = channel
        self.overrides = overrides
        self.overrideSetAt = overrideSetAt
        self.userPreferences = userPreferences
        self.typedPreferences = typedPreferences
    }

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
        ])
    }

    /// The store changes that make the app's state equal this one, as one list for one
    /// transaction. With `replacing`, overrides not in this state are removed; otherwise they
    /// stay (the state is merged in).
    public func changes(for environment: FlagsEnvironment, replacing: Bool, now: Double = Date().timeIntervalSince1970) -> [PrefChange] {
        let registry = environment.registry
        var changes: [PrefChange] = []
        if replacing {
            let keep = Set(overrides.keys.compactMap { registry.flagIfPresent($0)?.debugKey })
            for (key, entry) in environment.prefs.allEntries() where key.hasSuffix(FeatureFlagID.debugKeySuffix) && entry.value.boolValue != nil && !keep.contains(key) {
                changes.append(.remove(key))
            }
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
