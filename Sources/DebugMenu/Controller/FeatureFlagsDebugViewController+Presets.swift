#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Platform
import FeatureFlags
import Prefs
import FlagsTool


/// Saving the state as a preset (`s`), listing (`p`) and applying presets (`PresetStore`).
extension FeatureFlagsDebugViewController {
    /// Saves the state as preset `name`; one of that name is replaced only when `replacing`
    /// (the user said yes to the question this asks otherwise).
    func savePreset(_ name: String, replacing: Bool = false) throws {
        let presets = PresetStore(environment: environment)
        let existed = presets.list().contains { $0.name == name }
        if existed && !replacing {
            screen.ask(.replacePreset(name: name))
            return
        }
        let state = SavedFlagState.capture(from: environment)
        try presets.save(name, state: state)
        screen.show(message: "\(existed ? "Replaced" : "Saved") preset \(name) (\(state.summary)).")
    }

    /// Lists the presets, each with when it was saved and what applying it would change now.
    func showPresets() {
        let now = clock()
        let store = PresetStore(environment: environment)
        let current = environment.prefs.allEntries()
        let labels = StoreKeyLabels(registry: environment.registry)
        let items = store.list().map { preset in
            let changes: String
            do {
                let state = try store.load(preset.name)
                changes = PresetPreview(changes: state.changes(for: environment, replacing: true, now: now), current: current,
                                        labels: labels).summary()
            } catch {
                changes = "unreadable: \(error)"
            }
            return PresetChooser.Item(name: preset.name, detail: "saved " + MenuText.ago(setAt: preset.savedAt, now: now),
                                      changes: changes)
        }
        screen.showPresetChooser(PresetChooser(items: items))
    }

    func applyPreset(_ name: String) throws {
        let changes = try PresetStore(environment: environment).apply(name)
        reloadView()
        screen.show(message: "applied preset \(name) (\(changes.isEmpty ? "no changes" : MenuText.count(changes.count, "change")))")
    }
}
#endif
