import FeatureFlags
import Nimbus
import Platform
import Prefs

/// Names a store's keys and values as people know them, for the change history: a debug key is
/// its flag's override, a user key its preference, `presets.x` the preset x,
/// `nimbus.forcedBranch.s` the forced branch of experiment s and `nimbus.featureOverride.f` the
/// feature override of f, whose change is told variable by variable.
///
/// ```swift
/// let labels = StoreKeyLabels(registry: environment.registry)
/// labels.label(for: "newBibimbapMenuDebugKey")          // "newBibimbapMenu override"
/// labels.value(.bool(true), of: "newBibimbapMenuDebugKey")  // "on"
/// labels.label(for: "nimbus.forcedBranch.new-menu-test")     // "forced branch of new-menu-test"
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
            return "forced branch of \(key.dropFirst(NimbusOverrideStore.forcedBranchPrefix.count))"
        }
        if key.hasPrefix(NimbusOverrideStore.featureOverridePrefix), key.count > NimbusOverrideStore.featureOverridePrefix.count {
            return "feature override \(key.dropFirst(NimbusOverrideStore.featureOverridePrefix.count))"
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

    /// "old → new"; for a feature override, only the variables that changed, each
    /// "variable: old → new" (its JSON object text would hide the change past 40 characters).
    public func change(_ entry: PrefsHistoryEntry) -> String {
        if entry.key.hasPrefix(NimbusOverrideStore.featureOverridePrefix),
           let old = Self.variables(entry.oldValue), let new = Self.variables(entry.newValue) {
            let changed = Set(old.keys).union(new.keys).sorted().filter { old[$0] != new[$0] }
            if !changed.isEmpty {
                return changed.map { name in
                    TerminalSafeText.sanitized("\(name): \(Self.shortened(old[name]?.compactText ?? "none")) → \(Self.shortened(new[name]?.compactText ?? "none"))")
                }.joined(separator: ", ")
            }
        }
        let old = entry.oldElided.map(Self.size) ?? value(entry.oldValue, of: entry.key)
        let new = entry.newElided.map(Self.size) ?? value(entry.newValue, of: entry.key)
        return "\(old) → \(new)"
    }

    /// A value the history kept only as its size: "(a value of 3.9 MB)".
    private static func size(_ elided: ElidedValue) -> String {
        let megabytes = Double(elided.bytes) / 1_000_000
        return elided.bytes >= 100_000 ? "(a value of \((megabytes * 10).rounded() / 10) MB)" : "(a value of \(elided.bytes) bytes)"
    }

    /// A feature override's variables; no value is none of them, a text that is not a JSON
    /// object (written by hand) is nil, shown as it is.
    private static func variables(_ value: PrefValue?) -> [String: JSONValue]? {
        guard let value else { return [:] }
        guard let text = value.stringValue else { return nil }
        return (try? JSONParser.parse(text))?.objectValue
    }

    private static func shortened(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(39)) + "…" : text
    }

    private static let presetPrefix = "presets."
}
