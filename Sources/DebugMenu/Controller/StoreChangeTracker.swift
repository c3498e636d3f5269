#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags
import Prefs

/// The store as the rows last showed it, and which rows show each of its keys: what
/// `reloadView()` compares the store with to rebuild only the rows whose keys changed.
///
/// ```swift
/// var tracker = StoreChangeTracker(registry: registry, snapshot: prefs.allEntries())
/// switch tracker.changes(to: prefs.allEntries(), registry: registry) {
/// case .rows(let ids): ids.forEach(refreshRow)
/// default: …
/// }
/// ```
struct StoreChangeTracker {
    /// What changed since the snapshot, for the rows.
    enum Change: Equatable {
        /// Nothing any row shows (presets and the Remote Settings cache are not shown).
        case none
        /// The rows `ids` show keys that changed.
        case rows(Set<MenuRowID>)
        /// A key no row owns changed, which Nimbus may read: every row is made again.
        case allRows
        /// A forced branch or a feature value changed what Nimbus decides: evaluate again. The
        /// snapshot is kept; `reset(to:)` it once the new evaluation is adopted.
        case nimbusOverrides
    }

    /// Store keys no row shows and no flag reads: presets and the Remote Settings cache.
    static let unshownKeyPrefixes = ["presets.", "remoteSettings."]

    /// The store as last shown.
    private(set) var snapshot: [String: PrefEntry]
    /// Which rows show the value stored under a prefs key (debug keys aside, read from the key).
    private let rowsByStoreKey: [String: [MenuRowID]]

    init(registry: FeatureFlagRegistry, snapshot: [String: PrefEntry]) {
        // Debug keys are not listed: `rows(forStoreKey:)` reads the flag from the key, which
        // saves a 10,000-entry table at every start of a large app's menu.
        var byKey: [String: [MenuRowID]] = [:]
        for index in registry.userPreferenceFlagIndices {
            let flag = registry.flags[index]
            if let userPrefsKey = flag.userPrefsKey {
                byKey[userPrefsKey, default: []].append(.userPreference(flag.rawValue))
            }
        }
        for preference in registry.preferences {
            byKey[preference.userPrefsKey, default: []].append(.typedPreference(preference.id))
        }
        rowsByStoreKey = byKey
        self.snapshot = snapshot
    }

    /// Makes `snapshot` the store as shown.
    mutating func reset(to snapshot: [String: PrefEntry]) {
        self.snapshot = snapshot
    }

    /// What changed between the snapshot and `current`; the snapshot becomes `current`, except
    /// for `.nimbusOverrides`.
    mutating func changes(to current: [String: PrefEntry], registry: FeatureFlagRegistry) -> Change {
        guard current != snapshot else { return .none }
        var affected = Set<MenuRowID>()
        var unknownKeyChanged = false
        var shownKeyChanged = false
        var nimbusOverrideChanged = false
        func note(_ key: String) {
            if NimbusOverrideStore.isOverrideKey(key) { nimbusOverrideChanged = true }
            if Self.unshownKeyPrefixes.contains(where: key.hasPrefix) { return }
            shownKeyChanged = true
            let ids = rows(forStoreKey: key, registry: registry)
            if !ids.isEmpty {
                affected.formUnion(ids)
            } else if !key.hasSuffix(FeatureFlagID.debugKeySuffix) {
                unknownKeyChanged = true
            }
        }
        for (key, entry) in current where snapshot[key] != entry { note(key) }
        for key in snapshot.keys where current[key] == nil { note(key) }
        if nimbusOverrideChanged { return .nimbusOverrides }
        snapshot = current
        guard shownKeyChanged else { return .none }
        return unknownKeyChanged ? .allRows : .rows(affected)
    }

    /// The rows that show the store entry `key`: a flag's two rows for its debug key, the rows
    /// of user preferences for theirs.
    func rows(forStoreKey key: String, registry: FeatureFlagRegistry) -> [MenuRowID] {
        var ids = rowsByStoreKey[key] ?? []
        let suffix = FeatureFlagID.debugKeySuffix
        if key.hasSuffix(suffix), let flag = registry.flagIfPresent(String(key.dropLast(suffix.count))), flag.debugKey == key {
            ids += [.featureFlag(flag.rawValue), .buildStatus(flag.rawValue)]
        }
        return ids
    }
}
#endif
