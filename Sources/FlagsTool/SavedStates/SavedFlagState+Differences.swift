
/// What differs between two saved flag states, one line per entry, for showing a person what a
/// colleague changed in a shared preset.
extension SavedFlagState {
    /// One line per override, user preference, typed preference, forced branch or overridden
    /// feature variable that `other` holds otherwise than this state, sorted, named in the words
    /// of `StoreKeyLabels`: `tipJar override: on → off`, `forced branch new-menu-test: (none) →
    /// treatment`, `feature override bibimbap-feature.spice-level: 4 → 5` (values as compact JSON).
    public func differences(to other: SavedFlagState) -> [String] {
        Self.lines(StoreKeyLabels.flagOverride, overrides.mapValues(Self.onOff), other.overrides.mapValues(Self.onOff))
            + Self.lines(StoreKeyLabels.preference, userPreferences.mapValues(Self.onOff), other.userPreferences.mapValues(Self.onOff))
            + Self.lines(StoreKeyLabels.preference, typedPreferences, other.typedPreferences)
            + Self.lines(StoreKeyLabels.forcedBranch, forcedBranches, other.forcedBranches)
            + Self.lines({ StoreKeyLabels.featureOverride($0) }, featureVariableTexts, other.featureVariableTexts)
    }

    /// Every overridden variable as `FEATURE.VARIABLE` → its value's compact JSON text.
    public var featureVariableTexts: [String: String] {
        var texts: [String: String] = [:]
        for (feature, variables) in featureValues {
            for (variable, value) in variables { texts["\(feature).\(variable)"] = value.compactText }
        }
        return texts
    }

    private static func onOff(_ value: Bool) -> String { value ? "on" : "off" }

    private static func lines(_ name: (String) -> String, _ mine: [String: String], _ theirs: [String: String]) -> [String] {
        var result: [String] = []
        for id in Set(mine.keys).union(theirs.keys).sorted() where mine[id] != theirs[id] {
            result.append("\(name(id)): \(mine[id] ?? "(none)") → \(theirs[id] ?? "(none)")")
        }
        return result
    }
}
