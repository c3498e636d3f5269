extension SavedFlagState {
    /// What a saved state holds, as `export`, `import`, `preset save` and the menu's `s` report
    /// it, in the words of `StoreKeyLabels`: "2 overrides, 1 preference", then the forced
    /// branches and feature overrides (one per variable) when there are any.
    public var summary: String {
        StoreKeyLabels.counts(overrides: overrides.count, preferences: userPreferences.count + typedPreferences.count,
                              forcedBranches: forcedBranches.count, featureOverrides: featureVariableTexts.count)
    }
}
