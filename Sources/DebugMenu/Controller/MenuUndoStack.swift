#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// The store's history groups of the changes made in this menu and not undone yet, newest last:
/// what `u` takes back, so it never undoes what another process did in the meantime.
///
/// ```swift
/// var undo = MenuUndoStack()
/// undo.remember(group: prefs.lastRecordedGroup, recordedBefore: before)
/// if let group = undo.popLast() { try prefs.undo(group: group) }
/// ```
struct MenuUndoStack {
    private var groups: [Int64] = []

    /// Keeps `group`, the store's newest group after a write, when the write recorded one
    /// (it differs from `recordedBefore`, the newest before it).
    mutating func remember(group: Int64?, recordedBefore: Int64?) {
        guard let group, group != recordedBefore else { return }
        groups.append(group)
    }

    /// The newest group not undone yet, taken off the stack.
    mutating func popLast() -> Int64? {
        groups.popLast()
    }

    /// Forgets every group (they belong to a store file that is no longer the one open).
    mutating func removeAll() {
        groups.removeAll()
    }
}
#endif
