#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeatureFlags
import Prefs
import FlagsTool


/// Carrying out what the user asked (`MenuAction`s): every write goes to the store at the path,
/// then `reloadView()` shows it and a message says what happened.
extension FeatureFlagsDebugViewController {
    /// Carries out `action`; returns false for `.quit`. Store errors become a message.
    @discardableResult
    public func perform(_ action: MenuAction) -> Bool {
        switch action {
        case .cycleChannel, .choosePreset, .showHistory, .showExperiments, .showDetail, .copy, .quit: break
        default:
            // A write must land in the store at the path, never in a file moved away from it.
            guard followStoreAtPath() else { return true }
        }
        let recordedBefore = environment.prefs.lastRecordedGroup
        defer { rememberChange(since: recordedBefore, of: action) }
        do {
            switch action {
            case .toggle(let rowID):
                try toggle(rowID)
            case .cycle(let rowID):
                try cycle(rowID)
            case .removeOverride(let rowID):
                try removeOverride(rowID)
            case .resetAll:
                let nimbus = NimbusOverrideStore(prefs: environment.prefs).overrides
                let count = try previewed.provider.removeAllDebugOverrides()
                reloadView()
                screen.show(message: StoreKeyLabels.removal(removedKeys: count, before: nimbus))
            case .cycleChannel:
                preview(nextChannel(after: previewChannel))
            case .savePreset(let name):
                try savePreset(name)
            case .replacePreset(let name):
                try savePreset(name, replacing: true)
            case .choosePreset:
                showPresets()
            case .applyPreset(let name):
                try applyPreset(name)
            case .undo:
                try undoLastChange()
            case .showHistory:
                showHistory()
            case .showExperiments(let slug):
                showExperiments(selecting: slug)
            case .forceBranch(let slug, let branch):
                try forceBranch(branch, of: slug)
            case .removeForcedBranch(let slug):
                try removeForcedBranch(of: slug)
            case .showDetail(let rowID):
                showDetail(rowID)
            case .setFeatureValue(let feature, let variable, let text):
                try setFeatureValue(text, variable: variable, of: feature)
            case .removeFeatureValue(let feature, let variable):
                try removeFeatureValue(variable, of: feature)
            case .copy(let text):
                copy(text)
            case .quit:
                return false
            }
        } catch let error as PresetNameError {
            screen.show(message: error.description)
        } catch {
            reloadView()
            screen.show(message: "Could not change the store: \(error)")
        }
        if screen.detailPane != nil { refreshDetailPane() }
        return true
    }

    /// Shows the values of manifest channel `channel` with the override rules of the build
    /// channel that stands for it (overrides are inactive in release).
    public func preview(_ channel: String) {
        previewChannel = channel
        previewed = channel == environment.channel ? environment : environment.previewing(channel)
        rebuildAllRows()
        if previewed.provider.honorsOverrides {
            screen.show(message: "Previewing \(channel).")
        } else {
            screen.show(message: "Previewing \(channel): overrides are inactive, values come from Nimbus.")
        }
    }

    /// The manifest's channel after `channel`, in the manifest's order, wrapping round (the `c`
    /// key): Firefox for iOS's developer → beta → release, Fenix's release → beta → nightly → developer.
    func nextChannel(after channel: String) -> String {
        let channels = environment.registry.manifest.channels
        guard let index = channels.firstIndex(of: channel) else { return channels.first ?? channel }
        return channels[(index + 1) % channels.count]
    }

    func toggle(_ rowID: String) throws {
        switch MenuRowID(rawValue: rowID) {
        case .featureFlag(let id)?:
            guard let setting = setting(forFlagID: id) else { return }
            let value = try setting.toggle()
            let note = previewed.provider.honorsOverrides ? "" : " (inactive in the \(previewChannel) preview)"
            screen.show(message: "\(setting.titleText): override \(MenuText.onOff(value)) stored\(note).")
        case .userPreference(let id)?:
            guard let flag = environment.registry.flagIfPresent(id) else { return }
            let value = !previewed.preferences.getPreferenceFor(flag)
            try previewed.preferences.setPreferenceFor(flag, to: value)
            reloadView()
            screen.show(message: "\(MenuRowFactory.title(of: flag)): preference \(MenuText.onOff(value)).")
        default:
            return
        }
    }

    func cycle(_ rowID: String) throws {
        guard case .typedPreference(let id)? = MenuRowID(rawValue: rowID),
              let preference = environment.registry.preferences.first(where: { $0.id == id }),
              !preference.variants.isEmpty else { return }
        let current = previewed.preferences.getPreferenceFor(preference)
        let index = preference.variants.firstIndex(of: current).map { ($0 + 1) % preference.variants.count } ?? 0
        let next = preference.variants[index]
        try previewed.preferences.setPreferenceFor(preference, to: next)
        reloadView()
        screen.show(message: "\(preference.id): \(next).")
    }

    func removeOverride(_ rowID: String) throws {
        switch MenuRowID(rawValue: rowID) {
        case .featureFlag(let id)?:
            guard let flag = environment.registry.flagIfPresent(id) else { return }
            try previewed.provider.removeDebugOverride(flag)
            reloadView()
            let state = previewed.provider.state(of: flag)
            screen.show(message: "\(MenuRowFactory.title(of: flag)): override removed, now \(MenuText.onOff(state.enabled)) (\(state.source.summary)).")
        case .userPreference(let id)?:
            guard let flag = environment.registry.flagIfPresent(id) else { return }
            let title = MenuRowFactory.title(of: flag)
            if previewed.preferences.storedPreference(for: flag) == nil {
                screen.show(message: "\(title) has no stored choice.")
                return
            }
            try previewed.preferences.removePreferenceFor(flag)
            reloadView()
            screen.show(message: "\(title): stored choice removed, now \(MenuText.onOff(previewed.preferences.getPreferenceFor(flag))).")
        case .typedPreference(let id)?:
            guard let preference = environment.registry.preferences.first(where: { $0.id == id }) else { return }
            if previewed.preferences.storedPreference(for: preference) == nil {
                screen.show(message: "\(preference.id) has no stored choice.")
                return
            }
            try previewed.preferences.removePreferenceFor(preference)
            reloadView()
            screen.show(message: "\(preference.id): stored choice removed, now \(previewed.preferences.getPreferenceFor(preference)).")
        default:
            return
        }
    }
}
#endif
