#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeatureFlags
import Formats
import Prefs

/// The differences between two states as units of `flags bisect`, and the states between them.
extension SavedFlagState {
    /// Everything `bad` sets otherwise than this state, one unit per override, preference, forced
    /// branch and feature variable, sorted by kind and id.
    public func bisectUnits(to bad: SavedFlagState) -> [BisectUnit] {
        func units(_ kind: BisectUnit.Kind, _ mine: [String: String], _ theirs: [String: String]) -> [BisectUnit] {
            Set(mine.keys).union(theirs.keys).sorted().compactMap { id in
                mine[id] == theirs[id] ? nil : BisectUnit(kind: kind, id: id, good: mine[id], bad: theirs[id])
            }
        }
        let onOff: (Bool) -> String = { $0 ? "on" : "off" }
        return units(.override, overrides.mapValues(onOff), bad.overrides.mapValues(onOff))
            + units(.userPreference, userPreferences.mapValues(onOff), bad.userPreferences.mapValues(onOff))
            + units(.typedPreference, typedPreferences, bad.typedPreferences)
            + units(.forcedBranch, forcedBranches, bad.forcedBranches)
            + units(.featureVariable, featureVariableTexts, bad.featureVariableTexts)
    }

    /// This state with `units` taken at their values in `bad`: what one run of a bisection applies.
    public func applying(_ units: some Sequence<BisectUnit>, from bad: SavedFlagState) -> SavedFlagState {
        var state = self
        for unit in units {
            switch unit.kind {
            case .override:
                state.overrides[unit.id] = bad.overrides[unit.id]
                state.overrideSetAt[unit.id] = bad.overrideSetAt[unit.id]
            case .userPreference: state.userPreferences[unit.id] = bad.userPreferences[unit.id]
            case .typedPreference: state.typedPreferences[unit.id] = bad.typedPreferences[unit.id]
            case .forcedBranch: state.forcedBranches[unit.id] = bad.forcedBranches[unit.id]
            case .featureVariable:
                let parts = unit.id.split(separator: ".", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                let (feature, variable) = (parts[0], parts[1])
                var variables = state.featureValues[feature] ?? [:]
                variables[variable] = bad.featureValues[feature]?[variable]
                state.featureValues[feature] = variables.isEmpty ? nil : variables
            }
        }
        return state
    }

    /// The store changes that make the app's state exactly this one: overrides, forced branches
    /// and feature overrides replaced, and user and typed preferences this state does not hold
    /// removed too (so `defaults` means no preference set either).
    public func exactChanges(for environment: FlagsEnvironment, now: Double = Date().timeIntervalSince1970) -> [PrefChange] {
        var changes = self.changes(for: environment, replacing: true, now: now)
        let written = Set(changes.map(\.key))
        let stored = environment.prefs.allEntries()
        var removals: [String] = []
        for flag in environment.registry.flags {
            if let key = flag.userPrefsKey, userPreferences[flag.rawValue] == nil { removals.append(key) }
        }
        for preference in environment.registry.preferences where typedPreferences[preference.id] == nil {
            removals.append(preference.userPrefsKey)
        }
        for key in removals where stored[key] != nil && !written.contains(key) { changes.append(.remove(key)) }
        return changes.sorted { $0.key < $1.key }
    }
}
