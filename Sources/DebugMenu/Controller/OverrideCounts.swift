#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags
import Prefs

/// The overrides a store snapshot holds, as the header and `R` count them: flag debug
/// overrides (and which of the registry's flags have one: the rows whose age text ages), and
/// forced branches plus feature values (each variable).
///
/// ```swift
/// let counts = OverrideCounts(snapshot: prefs.allEntries(), registry: registry)
/// counts.flagOverrides   // 2
/// ```
struct OverrideCounts: Equatable {
    /// Stored debug overrides of flags, the registry's or not.
    private(set) var flagOverrides = 0
    /// The registry's flags with a stored debug override.
    private(set) var overriddenFlagIDs: Set<String> = []
    /// Forced branches and feature values (each variable) stored.
    private(set) var nimbusOverrides = 0

    init() {}

    init(snapshot: [String: PrefEntry], registry: FeatureFlagRegistry) {
        let suffix = FeatureFlagID.debugKeySuffix
        for (key, entry) in snapshot where key.hasSuffix(suffix) && entry.value.boolValue != nil {
            flagOverrides += 1
            let id = String(key.dropLast(suffix.count))
            if registry.flagIfPresent(id) != nil { overriddenFlagIDs.insert(id) }
        }
        let nimbus = NimbusOverrideStore.overrides(in: snapshot)
        nimbusOverrides = nimbus.forcedBranches.count + nimbus.featureOverrideCount
    }
}
#endif
