import Platform
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The persistent prefs store: one SQLite file per app, shared safely by every process that opens it.
///
/// Use it wherever overrides and preferences must outlive the process and be seen by others: the
/// app, the debug menu and the `flags` command all open the same file.
///
/// - WAL mode and a busy timeout let readers and writers in several processes work at once;
///   every call to `apply` is one `BEGIN IMMEDIATE` transaction.
/// - Reads are served from an in-memory snapshot, refreshed only when `PRAGMA data_version` says
///   another connection committed, so a write by another process is seen on the next read.
/// - `generation` is the hot-path check: one atomic load. It asks SQLite only after an inotify
///   watch on the store's files saw a change (`StoreChangeMonitor`), so caches built on it (the
///   feature-flag provider's) see another process's write as soon as the kernel reports it,
///   typically within microseconds, without a system call per flag check.
/// - The file is created with mode 0600 inside folders created 0700; a store owned by another
///   user, writable by others, or in a folder others can write is refused. A file that is not a store
///   of this tool (garbage, another program's database, a newer schema) is refused with a
///   `PrefsStoreError` and left exactly as it was.
///
/// ```swift
/// let prefs = try SQLitePrefs(path: SQLitePrefs.defaultPath(forApp: "bibimbap"))
/// try prefs.setBool(true, forKey: "newBibimbapMenuDebugKey")
/// ```
public final class SQLitePrefs: Prefs {
    /// Identifies this tool's stores in the SQLite header (`PRAGMA application_id`): "FFLG".
    public static let applicationID: Int64 = 0x4646_4C47
    /// The schema this code writes; a store with a higher `user_version` is refused.
    public static let schemaVersion: Int64 = 1

    public let path: String
    private let state: Mutex<State>
    /// The file opened, to tell when `path` names another one (`changeAtPath()`).
    private let openedFile: StoreFile.FileIdentity?
    private let monitor: StoreChangeMonitor?
    /// The monitor's generation when the snapshot was last checked against SQLite.
    private let checkedMonitorGeneration = Atomic<UInt64>(0)
    private let contentGeneration = Atomic<UInt64>(0)

    /// What the change history keeps and leaves out.
    public let historyPolicy: PrefsHistoryPolicy

    private struct State {
        let connection: SQLiteConnection
        var snapshot: [String: PrefEntry]
        var dataVersion: Int64
        var author: String
        var recordsHistory = true
        /// Whether this connection knows the history table exists (it is made by the first record).
        var historyTableExists = false
        var lastRecordedGroup: Int64?
        /// What this connection's last trim left the history's values at; nil until its first trim.
        var heldHistoryBytes: ChangeHistoryTable.HeldBytes?

        /// A rolled-back transaction may have taken the history table it made with it, and may
        /// hand the ids the last trim counted to other rows.
        mutating func forgetWhatRollbackUndid() {
            historyTableExists = false
            heldHistoryBytes = nil
        }
    }

    /// Opens the store at `path`, creating it (and its folders) when it does not exist.
    ///
    /// - Parameter history: how much change history to keep, and which keys to leave out of it.
    public init(path: String, history: PrefsHistoryPolicy = PrefsHistoryPolicy()) throws(PrefsStoreError) {
        self.path = path
        historyPolicy = history
        let connection = try StoreFile(path: path).openOrCreate()
        openedFile = StoreFile.identity(of: path).file
        // Watch before the first read, so no change between that read and the watch is missed.
        monitor = StoreChangeMonitor(path: path)
        checkedMonitorGeneration.store(monitor?.generation ?? 0, ordering: .relaxed)
        do {
            let snapshot = try Self.readAll(connection)
            let version = try connection.integer("PRAGMA data_version")
            state = Mutex(State(connection: connection, snapshot: snapshot, dataVersion: version, author: Self.processAuthor))
        } catch {
            throw StoreFile.explain(error, path: path, action: "read")
        }
    }

    /// Where an app's store lives when neither `--store` nor `FLAGS_STORE` says otherwise:
    /// `$XDG_STATE_HOME/feature-flags/<app>/prefs.sqlite`, with `~/.local/state` when unset.
    public static func defaultPath(forApp app: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let stateHome: String
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            stateHome = xdg
        } else {
            let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
            stateHome = home + "/.local/state"
        }
        return "\(stateHome)/feature-flags/\(app)/prefs.sqlite"
    }

    public func getBranchPrefix() -> String { "" }
    public func branch(_ branch: String) -> Prefs { PrefsBranch(root: self, prefix: branch + ".") }

    public func entry(forKey key: String) -> PrefEntry? {
        state.withLock { state in
            refreshIfChanged(&state)
            return state.snapshot[key]
        }
    }

    public func allEntries() -> [String: PrefEntry] {
        state.withLock { state in
            refreshIfChanged(&state)
            return state.snapshot
        }
    }

    public var generation: UInt64 {
        if let monitor {
            let seen = monitor.generation
            if seen == checkedMonitorGeneration.load(ordering: .acquiring) { return contentGeneration.load(ordering: .acquiring) }
            // Remember what the monitor said before asking SQLite, so an event that arrives
            // during the check moves it again and is not lost.
            checkedMonitorGeneration.store(seen, ordering: .releasing)
        }
        state.withLock { refreshIfChanged(&$0) }
        return contentGeneration.load(ordering: .acquiring)
    }

    public func apply(_ changes: [PrefChange]) throws {
        try apply(documents: [:], changes: changes)
    }

    /// Documents live in a table of their own, `documents`, which the snapshot never reads. It is
    /// made by the first write of a document, so stores made before it existed, and older versions
    /// of this tool, which never look at it, open as they did.
    public func documents(forKeys keys: [String]) throws -> [String: String] {
        guard !keys.isEmpty else { return [:] }
        return try state.withLock { (state: inout State) throws(PrefsStoreError) -> [String: String] in
            do {
                guard try state.connection.integer("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'documents'") > 0 else {
                    return [:]
                }
                var found: [String: String] = [:]
                // One statement, so the documents read belong to one committed state.
                let placeholders = keys.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
                for row in try state.connection.query("SELECT key, value FROM documents WHERE key IN (\(placeholders))", keys.map(SQLiteColumn.text)) {
                    if case .text(let key) = row[0], case .text(let text) = row[1] { found[key] = text }
                }
                return found
            } catch {
                throw StoreFile.explain(error, path: path, action: "read")
            }
        }
    }

    public func apply(documents: [String: String?], changes: [PrefChange]) throws {
        guard !changes.isEmpty || !documents.isEmpty else { return }
        try PrefKey.check(changes, documents: documents)
        let now = Date().timeIntervalSince1970
        try state.withLock { (state: inout State) throws(PrefsStoreError) in
            do {
                try state.connection.transaction {
                    if !documents.isEmpty {
                        try state.connection.execute(
                            "CREATE TABLE IF NOT EXISTS documents (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL, updated_at REAL NOT NULL)")
                    }
                    for (key, text) in documents.sorted(by: { $0.key < $1.key }) {
                        if let text {
                            // An unchanged document (the same records after a 304) is not rewritten.
                            _ = try state.connection.query(
                                "INSERT INTO documents (key, value, updated_at) VALUES (?1, ?2, ?3) "
                                    + "ON CONFLICT(key) DO UPDATE SET value = ?2, updated_at = ?3 WHERE value IS NOT ?2",
                                [.text(key), .text(text), .real(now)])
                        } else {
                            _ = try state.connection.query("DELETE FROM documents WHERE key = ?1", [.text(key)])
                        }
                    }
                    _ = try write(changes, in: &state, at: now, undoing: nil)
                }
            } catch {
                state.forgetWhatRollbackUndid()
                throw StoreFile.explain(error, path: path, action: "write")
            }
            // Our own commits do not move our data_version, so the snapshot is updated by hand;
            // a commit by someone else in between is picked up by the next refresh.
            for change in changes { state.snapshot[change.key] = change.entry(writtenAt: now) }
            contentGeneration.add(1, ordering: .releasing)
        }
    }

    /// Who the changes this store writes are recorded as: a command (`flags set`), `menu`, or by
    /// default the process's name and id (`bibimbap[4242]`).
    public var changeAuthor: String {
        get { state.withLock { $0.author } }
        set { state.withLock { $0.author = newValue } }
    }

    /// Whether this store's writes are recorded in the history (true unless turned off). A
    /// program that changes the store and then puts everything back as it was (`flags matrix`)
    /// turns it off, so its passes do not push the changes people made out of the history.
    public var recordsHistory: Bool {
        get { state.withLock { $0.recordsHistory } }
        set { state.withLock { $0.recordsHistory = newValue } }
    }

    /// The group of the last change this store recorded (nil before its first), so a program can
    /// later undo exactly what it did (the menu's `u`).
    public var lastRecordedGroup: Int64? { state.withLock { $0.lastRecordedGroup } }

    /// The store's recorded changes, newest first; only those at or after `since` (seconds since
    /// 1970) when given. A store with no history yet answers an empty list.
    public func history(since: Double? = nil) throws(PrefsStoreError) -> [PrefsHistoryEntry] {
        try state.withLock { (state: inout State) throws(PrefsStoreError) -> [PrefsHistoryEntry] in
            do {
                guard try ChangeHistoryTable.exists(in: state.connection) else { return [] }
                return try ChangeHistoryTable.read(state.connection, since: since)
            } catch {
                throw StoreFile.explain(error, path: path, action: "read")
            }
        }
    }

    /// Takes back one recorded group (the newest when nil), in one transaction: every key it
    /// changed gets the value, and the write time, it had before. A key changed again since (a
    /// later change in the history touched it, or, for a write the history did not record, it no
    /// longer holds what the group wrote) is left as it is now and reported in `keptChanged`. A
    /// group already undone is not undone twice: nothing changes and `alreadyUndoneBy` says
    /// which group undid it. The undo is recorded as a group of its own, marked as undoing the
    /// other, so it can be undone in turn. Nil when there is no such group (no history yet, or trimmed).
    public func undo(group: Int64? = nil) throws(PrefsStoreError) -> PrefsUndoResult? {
        let now = Date().timeIntervalSince1970
        return try state.withLock { (state: inout State) throws(PrefsStoreError) -> PrefsUndoResult? in
            var changes: [PrefChange] = []
            let result: PrefsUndoResult?
            do {
                result = try state.connection.transaction { () throws -> PrefsUndoResult? in
                    guard try ChangeHistoryTable.exists(in: state.connection) else { return nil }
                    let undone = try ChangeHistoryTable.group(group, in: state.connection)
                    guard let number = undone.first?.group else { return nil }
                    // Undone, and that undo still stands: there is nothing left to take back. (Once the
                    // undo is itself undone, the later changes keep every key below.)
                    if let undoer = try ChangeHistoryTable.undo(of: number, in: state.connection),
                       try ChangeHistoryTable.undo(of: undoer, in: state.connection) == nil {
                        return PrefsUndoResult(undone: undone, restored: [], keptChanged: [], alreadyUndoneBy: undoer)
                    }
                    var kept: [PrefsUndoResult.KeptChange] = []
                    var seen: Set<String> = []
                    for entry in undone where seen.insert(entry.key).inserted {
                        // The value before the group is the first entry's; what it left, the last one's.
                        let last = undone.last { $0.key == entry.key }
                        let current = try ChangeHistoryTable.currentEntry(of: entry.key, in: state.connection)
                        let later = try last.flatMap { (last) throws(SQLiteError) in try ChangeHistoryTable.standingChange(of: entry.key, after: last.id, in: state.connection) }
                        guard later == nil, last?.left(current?.value) ?? false else {
                            kept.append(.init(key: entry.key, current: current?.value,
                                              lastChange: try later ?? ChangeHistoryTable.lastChange(of: entry.key, in: state.connection)))
                            continue
                        }
                        if let elided = entry.oldElided {
                            kept.append(.init(key: entry.key, current: current?.value, lastChange: nil, valueBefore: elided))
                            continue
                        }
                        changes.append(entry.oldEntry.map { .restore(entry.key, $0) } ?? .remove(entry.key))
                    }
                    let restored = try write(changes, in: &state, at: now, undoing: number)
                    return PrefsUndoResult(undone: undone, restored: restored, keptChanged: kept)
                }
            } catch {
                state.forgetWhatRollbackUndid()
                throw StoreFile.explain(error, path: path, action: "write")
            }
            if !changes.isEmpty {
                for change in changes { state.snapshot[change.key] = change.entry(writtenAt: now) }
                contentGeneration.add(1, ordering: .releasing)
            }
            return result
        }
    }

    /// Writes `changes` inside the caller's transaction and records each tracked key whose value
    /// changed, as one group. The value before is read from the file, not the snapshot, which
    /// may predate another process's last commit.
    private func write(_ changes: [PrefChange], in state: inout State, at now: Double, undoing: Int64?) throws -> [PrefsHistoryEntry] {
        var records: [PrefsHistoryEntry] = []
        for change in changes {
            let tracked = state.recordsHistory && historyPolicy.tracks(change.key)
            let before = tracked ? try ChangeHistoryTable.currentEntry(of: change.key, in: state.connection) : nil
            let after = change.entry(writtenAt: now)
            if let after {
                let (type, column) = Self.encode(after.value)
                _ = try state.connection.query(
                    "INSERT INTO prefs (key, type, value, updated_at) VALUES (?1, ?2, ?3, ?4) "
                        + "ON CONFLICT(key) DO UPDATE SET type = ?2, value = ?3, updated_at = ?4",
                    [.text(change.key), .text(type), column, .real(after.updatedAt)])
            } else {
                _ = try state.connection.query("DELETE FROM prefs WHERE key = ?1", [.text(change.key)])
            }
            // Writing the value a key already holds is no change anyone needs to see or undo.
            if tracked, before?.value != after?.value {
                records.append(PrefsHistoryEntry(id: 0, group: 0, key: change.key, oldEntry: before, newValue: after?.value, at: now,
                                                 author: state.author, pid: getpid(), undoes: undoing))
            }
        }
        guard !records.isEmpty else { return [] }
        if !state.historyTableExists {
            try ChangeHistoryTable.create(in: state.connection)
            state.historyTableExists = true
        }
        let group = try ChangeHistoryTable.nextGroup(in: state.connection)
        for index in records.indices {
            records[index].group = group
            records[index].id = try ChangeHistoryTable.insert(records[index], into: state.connection)
        }
        try ChangeHistoryTable.trim(state.connection, policy: historyPolicy, now: now, keeping: group, held: &state.heldHistoryBytes)
        state.lastRecordedGroup = group
        return records
    }

    /// The author of changes made by a process that did not say who it is.
    private static let processAuthor = "\(ProcessInfo.processInfo.processName)[\(getpid())]"

    /// Whether `path` still names the file this store opened: nil when it does (or cannot be
    /// examined), else whether the file was moved away or replaced. One `stat`, for a program
    /// that keeps the store open to check now and then, since every write of a store that was
    /// moved away lands in a file no one else will read.
    public func changeAtPath() -> StorePathChange? {
        guard let openedFile else { return nil }
        let now = StoreFile.identity(of: path)
        if let file = now.file { return file == openedFile ? nil : .replaced }
        return now.missing ? .missing : nil
    }

    /// Closes the store's connection now, instead of when the last reference goes: reads then
    /// serve the last snapshot and writes fail. Its journal is first emptied into the file it
    /// opened, which matters when that file was moved away: SQLite cannot checkpoint it on
    /// close then, and would leave the journal at the old name, where a new store would read it.
    ///
    /// `emptyingJournal: false` only closes: the last connection to close still checkpoints and
    /// removes the journal, and no other connection's readers are waited for.
    public func close(emptyingJournal: Bool = true) {
        state.withLock { state in
            if emptyingJournal { _ = try? state.connection.query("PRAGMA wal_checkpoint(TRUNCATE)") }
            state.connection.close()
        }
    }

    /// Closes this store and opens the one now at `path`: after the file it opened was moved
    /// away, deleted or replaced (`changeAtPath()`). The journals left at the path by this store
    /// are removed once they are empty; while another program still has the old file open
    /// they are its, and the path is refused as busy until it closes it.
    public func reopened() throws(PrefsStoreError) -> SQLitePrefs {
        close()
        try StoreFile(path: path).removeLeftJournals()
        let store = try SQLitePrefs(path: path, history: historyPolicy)
        store.changeAuthor = changeAuthor
        return store
    }

    public func clearAll() throws {
        try apply(allEntries().keys.sorted().map { .remove($0) })
    }

    /// Re-reads the snapshot when another connection has committed since the last check. A
    /// failed check keeps serving the last snapshot: a read must never crash the app.
    private func refreshIfChanged(_ state: inout State) {
        guard let version = try? state.connection.integer("PRAGMA data_version"), version != state.dataVersion else { return }
        if let snapshot = try? Self.readAll(state.connection) {
            state.snapshot = snapshot
            state.dataVersion = version
            contentGeneration.add(1, ordering: .releasing)
        }
    }

    private static func readAll(_ connection: SQLiteConnection) throws(SQLiteError) -> [String: PrefEntry] {
        var snapshot: [String: PrefEntry] = [:]
        for row in try connection.query("SELECT key, type, value, updated_at FROM prefs") {
            guard case .text(let key) = row[0], case .text(let type) = row[1],
                  let value = decode(type: type, row[2]) else { continue }
            let updatedAt: Double = if case .real(let time) = row[3] { time } else { 0 }
            snapshot[key] = PrefEntry(value: value, updatedAt: updatedAt)
        }
        return snapshot
    }

    static func encode(_ value: PrefValue) -> (String, SQLiteColumn) {
        switch value {
        case .bool(let flag): ("bool", .integer(flag ? 1 : 0))
        case .int(let number): ("int", .integer(Int64(number)))
        case .string(let text): ("string", .text(text))
        }
    }

    static func decode(type: String, _ column: SQLiteColumn) -> PrefValue? {
        switch (type, column) {
        case ("bool", .integer(let number)): .bool(number != 0)
        case ("int", .integer(let number)): .int(Int(number))
        case ("string", .text(let text)): .string(text)
        default: nil
        }
    }
}
