#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FlagsTool

extension SavedFlagState {
    /// What a saved state holds, as `export`, `import` and `preset save` report it:
    /// "2 overrides, 1 preference", then the forced branches and feature overrides when there are any.
    var summary: String {
        var parts = [Plural.of(overrides.count, "override"), Plural.of(userPreferences.count + typedPreferences.count, "preference")]
        if !forcedBranches.isEmpty { parts.append(Plural.of(forcedBranches.count, "forced branch", "forced branches")) }
        if !featureValues.isEmpty { parts.append(Plural.of(featureValues.count, "feature override")) }
        return parts.joined(separator: ", ")
    }
}
#endif
