import Formats
import Nimbus
import RemoteSettings
import Prefs

/// The Nimbus debug overrides of an app's store: forced branches under
/// `nimbus.forcedBranch.<slug>` (the branch slug) and feature values set by hand under
/// `nimbus.featureOverride.<feature id>` (a JSON object of variable → value). Like flag
/// overrides they are written by the menu and the command line, kept in export, import,
/// presets and history, removed by `reset --all`, and honored only in developer and beta
/// builds: `honored(for:)` is what an evaluation is given.
///
/// Every write is one transaction; values are checked by the caller against the manifest
/// (`FeatureManifest.typeProblems`) before they are stored, and a stored value that no longer
/// fits (edited by hand, an older manifest) is dropped by the resolver like a mistyped branch value.
///
/// ```swift
/// let store = NimbusOverrideStore(prefs: flags.prefs)
/// try store.forceBranch("treatment", of: "new-menu-test")
/// try store.setFeatureValue(.int(5), variable: "spice-level", of: "bibimbap-feature")
/// store.overrides.forcedBranches   // ["new-menu-test": "treatment"]
/// ```
public struct NimbusOverrideStore: Sendable {
    public static let forcedBranchPrefix = "nimbus.forcedBranch."
    public static let featureOverridePrefix = "nimbus.featureOverride."

    private let prefs: Prefs

    public init(prefs: Prefs) {
        self.prefs = prefs
    }

    public static func forcedBranchKey(_ slug: String) -> String { forcedBranchPrefix + slug }
    public static func featureOverrideKey(_ featureId: String) -> String { featureOverridePrefix + featureId }

    /// Whether `key` is one of these overrides' keys.
    public static func isOverrideKey(_ key: String) -> Bool {
        key.hasPrefix(forcedBranchPrefix) || key.hasPrefix(featureOverridePrefix)
    }

    /// Everything stored, whether or not this build honors it; an entry that cannot be read
    /// (not a string, not a JSON object) is left out.
    public var overrides: NimbusDebugOverrides { Self.overrides(in: prefs.allEntries()) }

    /// The overrides among `entries` (a store's `allEntries()`, read once by the caller).
    public static func overrides(in entries: [String: PrefEntry]) -> NimbusDebugOverrides {
        var result = NimbusDebugOverrides()
        for (key, entry) in entries {
            if key.hasPrefix(forcedBranchPrefix), let branch = entry.value.stringValue {
                result.forcedBranches[String(key.dropFirst(forcedBranchPrefix.count))] = branch
            } else if key.hasPrefix(featureOverridePrefix), let text = entry.value.stringValue,
                      let variables = (try? JSONParser.parse(text))?.objectValue, !variables.isEmpty {
                result.featureValues[String(key.dropFirst(featureOverridePrefix.count))] = variables
            }
        }
        return result
    }

    /// What an evaluation for `buildChannel` (the channel whose rules are previewed) is given:
    /// the stored overrides in a developer or beta build previewing a channel that allows
    /// overrides, else none. A release build does not even read them.
    public func honored(for buildChannel: BuildChannel) -> NimbusDebugOverrides {
        #if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
        guard BuildChannel.current.allowsDebugOverrides, buildChannel.allowsDebugOverrides else { return .none }
        return overrides
        #else
        return .none
        #endif
    }

    // MARK: - Writing

    public func forceBranch(_ branch: String, of slug: String) throws {
        try prefs.apply([forcingChange(branch, of: slug)])
    }

    public func forcingChange(_ branch: String, of slug: String) -> PrefChange {
        .set(Self.forcedBranchKey(slug), .string(branch))
    }

    /// Removes the forced branches of `slugs` (every one when nil) in one transaction; returns
    /// the slugs that had one.
    @discardableResult
    public func removeForcedBranches(_ slugs: [String]? = nil) throws -> [String] {
        let stored = overrides.forcedBranches
        let removed = (slugs ?? Array(stored.keys)).filter { stored[$0] != nil }.sorted()
        try prefs.apply(removed.map { .remove(Self.forcedBranchKey($0)) })
        return removed
    }

    /// The largest a feature's overridden variables may be, as compact JSON: what a Remote
    /// Settings record may be (`RemoteSettingsClient.maximumRecordBytes`), since no branch could
    /// carry more. Every process that checks a flag reads the store whole, so a 15 MB value set
    /// by hand made every `flags list` take seconds.
    public static let maximumFeatureValueBytes = RemoteSettingsClient.maximumRecordBytes

    /// Why `variables` cannot be stored as `featureId`'s override, or nil: the one size limit
    /// for a feature value however it arrives (`feature set`, `test-feature`, an import, a
    /// preset, the menu).
    public static func sizeProblem(_ variables: [String: JSONValue], of featureId: String) -> String? {
        let bytes = JSONValue.object(variables).compactUTF8.count
        guard bytes > maximumFeatureValueBytes else { return nil }
        return "the value of feature `\(featureId)` is \(bytes) bytes of JSON, more than the \(maximumFeatureValueBytes) bytes "
            + "(1 MiB, a Remote Settings record's limit) a feature value may be"
    }

    /// Stores `value` for one variable (already checked against the manifest), keeping the
    /// feature's other overridden variables.
    public func setFeatureValue(_ value: JSONValue, variable: String, of featureId: String) throws {
        var variables = overrides.featureValues[featureId] ?? [:]
        variables[variable] = value
        try setFeatureValues(variables, of: featureId)
    }

    /// Stores a whole (or partial) feature value: its variables replace every overridden one.
    public func setFeatureValues(_ variables: [String: JSONValue], of featureId: String) throws {
        if let problem = Self.sizeProblem(variables, of: featureId) { throw FeatureValueTooLarge(description: problem) }
        try prefs.apply([featureChange(variables, of: featureId)])
    }

    /// The write that makes `variables` the feature's overrides (none: removes them).
    public func featureChange(_ variables: [String: JSONValue], of featureId: String) -> PrefChange {
        variables.isEmpty ? .remove(Self.featureOverrideKey(featureId))
            : .set(Self.featureOverrideKey(featureId), .string(JSONValue.object(variables).compactText))
    }

    /// Removes one variable's override, or the whole feature's when `variable` is nil; returns
    /// the variables that had one.
    @discardableResult
    public func removeFeatureValue(of featureId: String, variable: String? = nil) throws -> [String] {
        var variables = overrides.featureValues[featureId] ?? [:]
        let removed = variable.map { variables[$0] == nil ? [] : [$0] } ?? variables.keys.sorted()
        guard !removed.isEmpty else { return [] }
        for name in removed { variables[name] = nil }
        try prefs.apply([featureChange(variables, of: featureId)])
        return removed
    }
}

/// A feature value over `NimbusOverrideStore.maximumFeatureValueBytes`; nothing was stored.
public struct FeatureValueTooLarge: Error, Sendable, CustomStringConvertible {
    public var description: String
}
