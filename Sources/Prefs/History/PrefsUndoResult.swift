/// What `SQLitePrefs.undo(group:)` did: the group it took back, the keys it restored, and the
/// keys it left alone because they had changed again since.
///
/// ```swift
/// let result = try prefs.undo()
/// result.undone.first?.group   // the group taken back
/// result.restored              // the new entries, one per key put back (a group of their own)
/// result.keptChanged           // keys changed again since, left as they are now
/// ```
public struct PrefsUndoResult: Sendable, Hashable {
    /// A key the undo left alone: it changed again since the undone group, or the history no
    /// longer holds the value it had before (`valueBefore`, its size and digest).
    public struct KeptChange: Sendable, Hashable {
        public var key: String
        /// What the key holds now.
        public var current: PrefValue?
        /// The last recorded change of the key, when there is one (who changed it since).
        public var lastChange: PrefsHistoryEntry?
        /// Set when the key is kept because its earlier value was too large to keep in the history.
        public var valueBefore: ElidedValue?

        public init(key: String, current: PrefValue?, lastChange: PrefsHistoryEntry?, valueBefore: ElidedValue? = nil) {
            self.key = key
            self.current = current
            self.lastChange = lastChange
            self.valueBefore = valueBefore
        }
    }

    /// The entries of the group that was undone.
    public var undone: [PrefsHistoryEntry]
    /// The changes the undo made, recorded as a group of their own (so an undo can be undone).
    public var restored: [PrefsHistoryEntry]
    public var keptChanged: [KeptChange]
    /// The group that undid this one before, when it was: nothing was changed this time.
    public var alreadyUndoneBy: Int64?

    public init(undone: [PrefsHistoryEntry], restored: [PrefsHistoryEntry], keptChanged: [KeptChange], alreadyUndoneBy: Int64? = nil) {
        self.undone = undone
        self.restored = restored
        self.keptChanged = keptChanged
        self.alreadyUndoneBy = alreadyUndoneBy
    }

    /// The group that was undone.
    public var group: Int64? { undone.first?.group }
}
