import FeatureFlags
import Platform
import Prefs

/// Names a store's keys and values as people know them, for the change history: a debug key is
/// its flag's override, a user key its preference, `presets.x` the preset x.
///
/// ```swift
/// let labels = StoreKeyLabels(registry: environment.registry)
/// labels.label(for: "newBibimbapMenuDebugKey")          // "newBibimbapMenu override"
/// labels.value(.bool(true), of: "newBibimbapMenuDebugKey")  // "on"
/// ```
///
/// Keys and texts come from the store, which any process may have written: both are returned
/// on one line, made safe for a terminal, so a key cannot forge a line of the history.
public struct StoreKeyLabels: Sendable {
    private let names: [String: String]

    public init(registry: FeatureFlagRegistry) {
        var names: [String: String] = [:]
        for index in registry.userPreferenceFlagIndices {
            let flag = registry.flags[index]
            if let key = flag.userPrefsKey { names[key] = "\(flag.rawValue) preference" }
        }
        for preference in registry.preferences { names[preference.userPrefsKey] = "\(preference.id) preference" }
        self.names = names
    }

    public func label(for key: String) -> String {
        TerminalSafeText.sanitized(plainLabel(for: key))
    }

    private func plainLabel(for key: String) -> String {
        if let name = names[key] { return name }
        if key.hasSuffix(FeatureFlagID.debugKeySuffix), key.count > FeatureFlagID.debugKeySuffix.count {
            return "\(key.dropLast(FeatureFlagID.debugKeySuffix.count)) override"
        }
        if key.hasPrefix(Self.presetPrefix) { return "preset \(key.dropFirst(Self.presetPrefix.count))" }
        if key.hasPrefix(NimbusOverrideStore.forcedBranchPrefix), key.count > NimbusOverrideStore.forcedBranchPrefix.count {
            return "\(key.dropFirst(NimbusOverrideStore.forcedBranchPrefix.count)) forced branch"
        }
        return key
    }

    /// A value as the history shows it ("none" for no value); a preset's saved state, a page of
    /// JSON, is only said to be there.
    public func value(_ value: PrefValue?, of key: String) -> String {
        guard let value else { return "none" }
        if key.hasPrefix(Self.presetPrefix) { return "saved" }
        switch value {
        case .bool(let flag): return flag ? "on" : "off"
        case .int(let number): return "\(number)"
        case .string(let text):
            let line = TerminalSafeText.sanitized(text)
            return line.count > 40 ? String(line.prefix(39)) + "…" : line
        }
    }

    /// "old → new".
    public func change(_ entry: PrefsHistoryEntry) -> String {
        "\(value(entry.oldValue, of: entry.key)) → \(value(entry.newValue, of: entry.key))"
    }

    private static let presetPrefix = "presets."
}
