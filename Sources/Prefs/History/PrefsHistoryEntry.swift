/// One recorded change to a store: which key, its value before and after, when, and who made it.
///
/// Every key a transaction changed is one entry; the entries of one transaction share a `group`,
/// which is what `SQLitePrefs.undo(group:)` takes back as a whole (an import, a `reset --all`, a
/// preset applied).
///
/// ```swift
/// let last = try prefs.history().first
/// last?.key        // "newBibimbapMenuDebugKey"
/// last?.oldValue   // nil: there was no override before
/// last?.newValue   // .bool(true)
/// last?.author     // "flags set"
/// ```
public struct PrefsHistoryEntry: Sendable, Hashable {
    /// The entry's own number, increasing with every change recorded in the store.
    public var id: Int64
    /// The transaction it was part of; increasing, shared by the entries of one transaction.
    public var group: Int64
    public var key: String
    /// What the key held before (nil: nothing), with the time that value had been written.
    public var oldEntry: PrefEntry?
    /// What the key holds after (nil: the key was removed).
    public var newValue: PrefValue?
    /// Seconds since 1970 when the change was committed.
    public var at: Double
    /// Who changed it: a command (`flags set`), `menu`, or a process name.
    public var author: String
    /// The process that made the change.
    public var pid: Int32
    /// When this change undid an earlier group: that group's number.
    public var undoes: Int64?
    /// The value before, or after, when the history keeps only its size and digest (then
    /// `oldEntry` or `newValue` is nil).
    public var oldElided: ElidedValue?
    public var newElided: ElidedValue?

    public var oldValue: PrefValue? { oldEntry?.value }

    public init(id: Int64, group: Int64, key: String, oldEntry: PrefEntry?, newValue: PrefValue?, at: Double,
                author: String, pid: Int32, undoes: Int64? = nil, oldElided: ElidedValue? = nil, newElided: ElidedValue? = nil) {
        self.id = id
        self.group = group
        self.key = key
        self.oldEntry = oldEntry
        self.newValue = newValue
        self.at = at
        self.author = author
        self.pid = pid
        self.undoes = undoes
        self.oldElided = oldElided
        self.newElided = newElided
    }

    /// Whether `value` is what this change left.
    public func left(_ value: PrefValue?) -> Bool {
        newElided.map { $0.matches(value) } ?? (value == newValue)
    }
}
