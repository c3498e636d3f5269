#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeatureFlags
import Prefs
import FlagsTool


/// Saving the state as a preset (`s`), listing (`p`) and applying presets (`PresetStore`).
extension FeatureFlagsDebugViewController {
    func savePreset(_ name: String) throws {
        let presets = PresetStore(environment: environment)
        let existed = presets.list().contains { $0.name == name }
        let state = SavedFlagState.capture(from: environment)
        try presets.save(name, state: state)
        let preferenceCount = state.userPreferences.count + state.typedPreferences.count
        screen.show(message: "\(existed ? "Replaced" : "Saved") preset \(name) (\(MenuText.count(state.overrides.count, "override")), "
                    + "\(MenuText.count(preferenceCount, "preference"))).")
    }

    func showPresets() {
        let now = clock()
        let items = PresetStore(environment: environment).list().map { preset in
            PresetChooser.Item(name: preset.name, detail: "saved " + MenuText.ago(setAt: preset.savedAt, now: now))
        }
        screen.showPresetChooser(PresetChooser(items: items))
    }

    func applyPreset(_ name: String) throws {
        let before = environment.prefs.allEntries()
        try PresetStore(environment: environment).apply(name)
        let after = environment.prefs.allEntries()
        var changed = 0
        for (key, entry) in after where before[key]?.value != entry.value { changed += 1 }
        for key in before.keys where after[key] == nil { changed += 1 }
        reloadView()
        screen.show(message: "applied preset \(name) (\(MenuText.count(changed, "change")))")
    }
}
#endif
