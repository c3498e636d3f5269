#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags
import FlagsTool
import Prefs

/// Undo (`u`) of the changes made in this menu, and the store's history (`H`).
///
/// Each write the menu makes (a toggle, a reset, a preset applied or saved) is one group in the
/// store's history; the menu keeps the numbers of its own groups, so `u` takes back what this
/// menu did, newest first, and never what another process did in the meantime. A key that
/// another process changed again since is left as it is, and the message says who changed it.
extension FeatureFlagsDebugViewController {
    /// After an action: a write that recorded a new group becomes the next thing `u` undoes.
    func rememberChange(since before: Int64?, of action: MenuAction) {
        guard action != .undo else { return }
        undoStack.remember(group: environment.prefs.lastRecordedGroup, recordedBefore: before)
    }

    func undoLastChange() throws {
        guard let group = undoStack.popLast() else {
            screen.show(message: "Nothing to undo: no change made in this menu is left to take back.")
            return
        }
        let labels = StoreKeyLabels(registry: environment.registry)
        guard let result = try environment.prefs.undo(group: group) else {
            screen.show(message: "Cannot undo: that change is no longer in the store's history.")
            return
        }
        reloadView()
        if let undoer = result.alreadyUndoneBy {
            screen.show(message: "Nothing undone: that change was already undone (change #\(undoer)).")
            return
        }
        let kept = result.keptChanged.map { kept in
            kept.valueBefore != nil ? "\(labels.label(for: kept.key)) (its earlier value is too large for the history)"
                : "\(labels.label(for: kept.key)) changed since\(kept.lastChange.map { " by \($0.author)" } ?? "")"
        }
        let keptText = kept.isEmpty ? "" : " Kept: " + kept.joined(separator: ", ") + "."
        if result.restored.isEmpty {
            screen.show(message: "Nothing undone: " + kept.joined(separator: ", ") + ".")
        } else if result.restored.count == 1, let entry = result.restored.first {
            screen.show(message: "Undid: \(labels.label(for: entry.key)) \(labels.change(entry))." + keptText)
        } else {
            screen.show(message: "Undid \(MenuText.count(result.restored.count, "change"))." + keptText)
        }
    }

    func showHistory() {
        let labels = StoreKeyLabels(registry: environment.registry)
        let now = clock()
        let entries = (try? environment.prefs.history()) ?? []
        screen.showHistory(HistoryView(items: entries.map { entry in
            HistoryView.Item(what: labels.label(for: entry.key),
                             change: labels.change(entry) + (entry.undoes == nil ? "" : " (undo)"),
                             when: MenuText.ago(setAt: entry.at, now: now), by: entry.author)
        }))
    }
}
#endif
