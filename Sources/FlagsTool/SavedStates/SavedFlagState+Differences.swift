import Nimbus

/// What differs between two saved flag states, one line per entry, for showing a person what a
/// colleague changed in a shared preset.
extension SavedFlagState {
    /// One line per override, user preference, typed preference, forced branch or overridden
    /// feature variable that `other` holds otherwise than this state, sorted:
    /// `override tipJar: on → off`, `forced branch new-menu-test: (none) → treatment`,
    /// `feature override bibimbap-feature.spice-level: 4 → 5` (values as compact JSON).
    public func differences(to other: SavedFlagState) -> [String] {
        Self.lines("override", overrides.mapValues(Self.onOff), other.overrides.mapValues(Self.onOff))
            + Self.lines("user preference", userPreferences.mapValues(Self.onOff), other.userPreferences.mapValues(Self.onOff))
            + Self.lines("typed preference", typedPreferences, other.typedPreferences)
            + Self.lines("forced branch", forcedBranches, other.forcedBranches)
            + Self.lines("feature override", featureVariableTexts, other.featureVariableTexts)
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

    private static func lines(_ kind: String, _ mine: [String: String], _ theirs: [String: String]) -> [String] {
        var result: [String] = []
        for id in Set(mine.keys).union(theirs.keys).sorted() where mine[id] != theirs[id] {
            result.append("\(kind) \(id): \(mine[id] ?? "(none)") → \(theirs[id] ?? "(none)")")
        }
        return result
    }
}
