import FeatureFlags
import Formats
import Nimbus
import Platform
import Prefs

/// Names a store's keys and values as people know them: a debug key is its flag's override, a
/// user key its preference, `presets.x` the preset x, `nimbus.forcedBranch.s` the forced branch
/// s, `nimbus.featureOverride.f` the feature override of f (one per variable, `feature override
/// f.v`, whose change is told variable by variable), the opt-outs as such.
///
/// This is the one vocabulary of store keys: the history (`flags log`, `H`), the preset chooser,
/// `flags diff` and every count of overrides (`reset --all`, `preset save`, `s`) use these words,
/// through `label(for:)` for a key and the static names for what a saved state holds.
///
/// ```swift
/// let labels = StoreKeyLabels(registry: environment.registry)
/// labels.label(for: "newBibimbapMenuDebugKey")          // "newBibimbapMenu override"
/// labels.value(.bool(true), of: "newBibimbapMenuDebugKey")  // "on"
/// labels.label(for: "nimbus.forcedBranch.new-menu-test")     // "forced branch new-menu-test"
/// labels.label(for: "nimbus.experimentsOptOut")              // "experiments opt-out"
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

    /// A flag's debug override: "tipJar override".
    public static func flagOverride(_ id: String) -> String { "\(id) override" }
    /// A user preference, on/off or typed: "startAtHome preference".
    public static func preference(_ id: String) -> String { "\(id) preference" }
    /// A forced branch, by the experiment's slug: "forced branch new-menu-test".
    public static func forcedBranch(_ slug: String) -> String { "forced branch \(slug)" }
    /// A feature override, of one variable when given: "feature override bibimbap-feature.spice-level".
    public static func featureOverride(_ feature: String, variable: String? = nil) -> String {
        "feature override \(feature)" + (variable.map { ".\($0)" } ?? "")
    }

    /// "3 overrides, 1 preference, 1 forced branch, 2 feature overrides": the kinds of debug
    /// override and preference a state holds, a feature override counted per variable (as the
    /// menu's header counts it), the last two only when there are any.
    public static func counts(overrides: Int, preferences: Int, forcedBranches: Int, featureOverrides: Int) -> String {
        var parts = [plural(overrides, "override"), plural(preferences, "preference")]
        if forcedBranches > 0 { parts.append(plural(forcedBranches, "forced branch", "forced branches")) }
        if featureOverrides > 0 { parts.append(plural(featureOverrides, "feature override")) }
        return parts.joined(separator: ", ")
    }

    /// What removing every debug override did, as `flags reset --all` and the menu's `R` say it:
    /// "Removed 2 overrides." when all were flag overrides, else each kind named ("Removed 1 flag
    /// override, 1 forced branch and 2 feature overrides."): a forced branch is not what most
    /// people call "an override".
    public static func removal(flagOverrides: Int, forcedBranches: Int, featureOverrides: Int) -> String {
        guard forcedBranches + featureOverrides > 0 else {
            return flagOverrides == 0 ? "No overrides were set." : "Removed \(plural(flagOverrides, "override"))."
        }
        var kinds: [String] = []
        if flagOverrides > 0 { kinds.append(plural(flagOverrides, "flag override")) }
        if forcedBranches > 0 { kinds.append(plural(forcedBranches, "forced branch", "forced branches")) }
        if featureOverrides > 0 { kinds.append(plural(featureOverrides, "feature override")) }
        let last = kinds.removeLast()
        return "Removed " + (kinds.isEmpty ? last : kinds.joined(separator: ", ") + " and " + last) + "."
    }

    /// `removal(...)` for what `provider.removeAllDebugOverrides()` removed: `removedKeys` keys,
    /// `before` being the Nimbus debug overrides stored until then.
    public static func removal(removedKeys: Int, before: NimbusDebugOverrides) -> String {
        removal(flagOverrides: max(0, removedKeys - before.forcedBranches.count - before.featureValues.count),
                forcedBranches: before.forcedBranches.count, featureOverrides: before.featureOverrideCount)
    }

    static func plural(_ count: Int, _ one: String, _ many: String? = nil) -> String {
        "\(count) \(count == 1 ? one : many ?? one + "s")"
    }

    private func plainLabel(for key: String) -> String {
        if let name = names[key] { return name }
        if key.hasSuffix(FeatureFlagID.debugKeySuffix), key.count > FeatureFlagID.debugKeySuffix.count {
            return Self.flagOverride(String(key.dropLast(FeatureFlagID.debugKeySuffix.count)))
        }
        if key.hasPrefix(Self.presetPrefix) { return "preset \(key.dropFirst(Self.presetPrefix.count))" }
        if key.hasPrefix(NimbusOverrideStore.forcedBranchPrefix), key.count > NimbusOverrideStore.forcedBranchPrefix.count {
            return Self.forcedBranch(String(key.dropFirst(NimbusOverrideStore.forcedBranchPrefix.count)))
        }
        if key.hasPrefix(NimbusOverrideStore.featureOverridePrefix), key.count > NimbusOverrideStore.featureOverridePrefix.count {
            return Self.featureOverride(String(key.dropFirst(NimbusOverrideStore.featureOverridePrefix.count)))
        }
        for pool in NimbusClientStore.Pool.allCases where key == NimbusClientStore.optOutKey(pool) { return "\(pool.rawValue) opt-out" }
        if key == EventStorePrefs.documentKey { return "event store" }
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
        if let changed = variableChanges(of: entry.key, from: entry.oldValue, to: entry.newValue) {
            return changed.map { "\($0.variable): \($0.old ?? "none") → \($0.new ?? "none")" }.joined(separator: ", ")
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

    /// For a feature override's key, the variables a change from `old` to `new` changes, each
    /// with its old and new value as short compact JSON (nil: not set), in order, made safe for
    /// a terminal; nil for any other key, or a value that is no JSON object (written by hand).
    public func variableChanges(of key: String, from old: PrefValue?, to new: PrefValue?)
        -> [(variable: String, old: String?, new: String?)]? {
        guard key.hasPrefix(NimbusOverrideStore.featureOverridePrefix), let before = Self.variables(old), let after = Self.variables(new) else {
            return nil
        }
        let changed = Set(before.keys).union(after.keys).sorted().filter { before[$0] != after[$0] }
        guard !changed.isEmpty else { return nil }
        func text(_ value: JSONValue?) -> String? { value.map { TerminalSafeText.sanitized(Self.shortened($0.compactText)) } }
        return changed.map { (TerminalSafeText.sanitized($0), text(before[$0]), text(after[$0])) }
    }

    /// Each change among `changes` that writes another value than `current` holds, in words:
    /// "tipJar override on", "promoBanner override removed", "spicyMode preference off→on",
    /// "feature override bibimbap-feature.spice-level 4→5" (a feature override variable by
    /// variable). The preset chooser shows these, and `preset apply` counts them.
    public func describe(_ changes: [PrefChange], against current: [String: PrefEntry]) -> [String] {
        var descriptions: [String] = []
        for change in changes {
            let old = current[change.key]?.value
            let new = change.entry(writtenAt: 0)?.value
            guard old != new else { continue }
            if let feature = Self.feature(ofOverrideKey: change.key), let variables = variableChanges(of: change.key, from: old, to: new) {
                for variable in variables {
                    descriptions.append(Self.describe(Self.featureOverride(feature, variable: variable.variable), old: variable.old, new: variable.new))
                }
            } else {
                descriptions.append(Self.describe(label(for: change.key), old: old.map { value($0, of: change.key) },
                                                  new: new.map { value($0, of: change.key) }))
            }
        }
        return descriptions
    }

    /// "tipJar override removed", "tipJar override on", "tipJar override on→off".
    private static func describe(_ label: String, old: String?, new: String?) -> String {
        switch (old, new) {
        case (_, nil): "\(label) removed"
        case (nil, let value?): "\(label) \(value)"
        case (let before?, let after?): "\(label) \(before)\u{2192}\(after)"
        }
    }

    /// The feature of a feature override's key ("bibimbap-feature"), nil for another key.
    public static func feature(ofOverrideKey key: String) -> String? {
        guard key.hasPrefix(NimbusOverrideStore.featureOverridePrefix), key.count > NimbusOverrideStore.featureOverridePrefix.count else { return nil }
        return String(key.dropFirst(NimbusOverrideStore.featureOverridePrefix.count))
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
