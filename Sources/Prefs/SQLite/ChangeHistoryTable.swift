/// The SQL of a store's change history: the `history` table, kept in the same file as the
/// preferences and written inside the same transaction as the change it records, so a change
/// and its record land together or not at all.
///
/// Like `documents`, the table is made by the first write that records something, so stores
/// made before it existed, and older versions of this tool, which never look at it, open as
/// they did (the schema version stays the same).
///
/// ```swift
/// try ChangeHistoryTable.create(in: connection)
/// let entries = try ChangeHistoryTable.read(connection, since: nil, limit: nil)
/// ```
enum ChangeHistoryTable {
    static func exists(in connection: SQLiteConnection) throws(SQLiteError) -> Bool {
        try connection.integer("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'history'") > 0
    }

    static func create(in connection: SQLiteConnection) throws(SQLiteError) {
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS history (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                change_group INTEGER NOT NULL,
                key TEXT NOT NULL,
                old_type TEXT, old_value, old_updated_at REAL,
                new_type TEXT, new_value,
                at REAL NOT NULL,
                author TEXT NOT NULL,
                pid INTEGER NOT NULL,
                undoes INTEGER
            );
            CREATE INDEX IF NOT EXISTS history_group ON history (change_group);
            CREATE INDEX IF NOT EXISTS history_key ON history (key);
            CREATE INDEX IF NOT EXISTS history_at ON history (at);
            """)
    }

    /// The number the next group gets.
    static func nextGroup(in connection: SQLiteConnection) throws(SQLiteError) -> Int64 {
        try connection.integer("SELECT coalesce(max(change_group), 0) + 1 FROM history")
    }

    /// The stored entry of `key` as the transaction sees it (not the snapshot, which may be
    /// older than another process's last commit).
    static func currentEntry(of key: String, in connection: SQLiteConnection) throws(SQLiteError) -> PrefEntry? {
        guard let row = try connection.query("SELECT type, value, updated_at FROM prefs WHERE key = ?1", [.text(key)]).first,
              case .text(let type) = row[0], let value = SQLitePrefs.decode(type: type, row[1]) else { return nil }
        let updatedAt: Double = if case .real(let time) = row[2] { time } else { 0 }
        return PrefEntry(value: value, updatedAt: updatedAt)
    }

    static func insert(_ entry: PrefsHistoryEntry, into connection: SQLiteConnection) throws(SQLiteError) -> Int64 {
        let old = entry.oldEntry.map { SQLitePrefs.encode($0.value) }
        let new = entry.newValue.map(SQLitePrefs.encode)
        let rows = try connection.query(
            "INSERT INTO history (change_group, key, old_type, old_value, old_updated_at, new_type, new_value, at, author, pid, undoes) "
                + "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) RETURNING id",
            [.integer(entry.group), .text(entry.key),
             old.map { .text($0.0) } ?? .null, old?.1 ?? .null, entry.oldEntry.map { .real($0.updatedAt) } ?? .null,
             new.map { .text($0.0) } ?? .null, new?.1 ?? .null,
             .real(entry.at), .text(entry.author), .integer(Int64(entry.pid)), entry.undoes.map { .integer($0) } ?? .null])
        if case .integer(let id)? = rows.first?.first { return id }
        return 0
    }

    /// What one connection knows of the bytes the history's values take: at most `atMost` in
    /// the rows up to `throughID`. Rows are only added past the largest id (AUTOINCREMENT never
    /// hands out a committed one again), and forgetting or eliding only lowers the sum, so the
    /// rows added since are all a write has to add up to know the bound still holds.
    struct HeldBytes: Sendable {
        var atMost: Int64
        var throughID: Int64
    }

    /// Forgets what `policy` no longer keeps, never touching `group` (the one just written):
    /// changes past the count or the age, large values of older groups (kept as size and digest),
    /// then the oldest groups until the values held fit `maximumBytes`.
    ///
    /// `held` is nil on a connection's first trim, which looks at every older group and adds up
    /// every value. After it, only the group before `group` can hold a large value (each earlier
    /// one was elided by the write after it, in whichever process with this policy; what a
    /// laxer policy left whole waits for a connection's first write), and only the rows added since
    /// are added up, so a write with a full history costs what one with an empty history does.
    static func trim(_ connection: SQLiteConnection, policy: PrefsHistoryPolicy, now: Double, keeping group: Int64,
                     held: inout HeldBytes?) throws(SQLiteError) {
        // Two statements, each on an index (the id, `at`): one joining them with `OR` reads every row.
        _ = try connection.query("DELETE FROM history WHERE change_group < ?1 AND id <= (SELECT max(id) FROM history) - ?2",
                                 [.integer(group), .integer(Int64(policy.maximumChanges))])
        _ = try connection.query("DELETE FROM history WHERE change_group < ?1 AND at < ?2",
                                 [.integer(group), .real(now - policy.maximumAge)])
        let older = held == nil ? "change_group < ?1" : "change_group = (SELECT max(change_group) FROM history WHERE change_group < ?1)"
        for side in ["old", "new"] {
            let large = try connection.query(
                "SELECT id, \(side)_value FROM history WHERE \(older) AND \(side)_type = 'string' AND length(CAST(\(side)_value AS BLOB)) > ?2",
                [.integer(group), .integer(Int64(policy.maximumKeptValueBytes))])
            for row in large {
                guard case .integer(let id) = row[0], case .text(let text) = row[1] else { continue }
                _ = try connection.query("UPDATE history SET \(side)_type = ?1, \(side)_value = ?2 WHERE id = ?3",
                                         [.text(elidedType), .text(ElidedValue(of: text).columnText), .integer(id)])
            }
        }
        if let known = held {
            let added = try valueBytes(in: connection, after: known.throughID)
            if known.atMost + added.bytes <= Int64(policy.maximumBytes) {
                held = HeldBytes(atMost: known.atMost + added.bytes, throughID: added.lastID ?? known.throughID)
                return
            }
        }
        // The newest group that starts a run of groups, newest first, past the byte bound: it and
        // every older one go.
        _ = try connection.query("""
            DELETE FROM history WHERE change_group < ?1 AND change_group <= (
                SELECT change_group FROM (
                    SELECT change_group, sum(bytes) OVER (ORDER BY change_group DESC) AS held FROM (
                        SELECT change_group, sum(\(rowValueBytes)) AS bytes FROM history GROUP BY change_group))
                WHERE held > ?2 ORDER BY change_group DESC LIMIT 1)
            """, [.integer(group), .integer(Int64(policy.maximumBytes))])
        let exact = try valueBytes(in: connection, after: nil)
        held = HeldBytes(atMost: exact.bytes, throughID: exact.lastID ?? 0)
    }

    /// The bytes of one row's values, as the byte bound counts them.
    private static let rowValueBytes = "coalesce(length(CAST(old_value AS BLOB)), 0) + coalesce(length(CAST(new_value AS BLOB)), 0)"

    /// The bytes of the values of the rows after `id` (every row when nil), and the last row's id.
    private static func valueBytes(in connection: SQLiteConnection, after id: Int64?) throws(SQLiteError) -> (bytes: Int64, lastID: Int64?) {
        let row = try connection.query("SELECT coalesce(sum(\(rowValueBytes)), 0), max(id) FROM history WHERE id > ?1",
                                       [.integer(id ?? Int64.min)]).first
        guard let row, case .integer(let bytes) = row[0] else { return (0, nil) }
        // max(id) is NULL when no row comes after `id`.
        if case .integer(let last) = row[1] { return (bytes, last) }
        return (bytes, nil)
    }

    /// The type a value column holds when the history keeps only its size and digest.
    static let elidedType = "elided"

    /// The bytes of values the history holds.
    static func bytes(in connection: SQLiteConnection) throws(SQLiteError) -> Int64 {
        try valueBytes(in: connection, after: nil).bytes
    }

    private static let columns = "id, change_group, key, old_type, old_value, old_updated_at, new_type, new_value, at, author, pid, undoes"

    /// Entries newest first, at or after `since` when given.
    static func read(_ connection: SQLiteConnection, since: Double?) throws(SQLiteError) -> [PrefsHistoryEntry] {
        try connection.query("SELECT \(columns) FROM history WHERE at >= ?1 ORDER BY id DESC", [.real(since ?? -.infinity)])
            .compactMap(entry)
    }

    /// The entries of one group (the newest group when nil), oldest first.
    static func group(_ group: Int64?, in connection: SQLiteConnection) throws(SQLiteError) -> [PrefsHistoryEntry] {
        let number: Int64
        if let group { number = group } else { number = try connection.integer("SELECT coalesce(max(change_group), 0) FROM history") }
        return try connection.query("SELECT \(columns) FROM history WHERE change_group = ?1 ORDER BY id", [.integer(number)])
            .compactMap(entry)
    }

    /// The change of `key` made after the change `id` that still stands, if any: the history's
    /// order, not the values, says whether a key changed since (a later change may well have
    /// written the very value an earlier one did). A later change and the undo of it cancel, as
    /// the menu's `u` takes back its changes newest first.
    static func standingChange(of key: String, after id: Int64, in connection: SQLiteConnection) throws(SQLiteError) -> PrefsHistoryEntry? {
        let later = try connection.query("SELECT \(columns) FROM history WHERE key = ?1 AND id > ?2 ORDER BY id DESC", [.text(key), .integer(id)])
            .compactMap(entry)
        var index = later.startIndex
        while index < later.endIndex {
            let entry = later[index]
            // An undo puts the key back as it was before the group it undid; with that group among
            // the later changes, the two leave the key as they found it (nothing else can have
            // touched it in between, or the undo would have kept the key).
            guard let undone = entry.undoes, let oldest = later.lastIndex(where: { $0.group == undone }) else { return entry }
            index = oldest + 1
        }
        return nil
    }

    /// The first group recorded as the undo of `group`, if it was undone.
    static func undo(of group: Int64, in connection: SQLiteConnection) throws(SQLiteError) -> Int64? {
        let rows = try connection.query("SELECT min(change_group) FROM history WHERE undoes = ?1", [.integer(group)])
        if case .integer(let undoer)? = rows.first?.first { return undoer }
        return nil
    }

    /// The last recorded change of `key`.
    static func lastChange(of key: String, in connection: SQLiteConnection) throws(SQLiteError) -> PrefsHistoryEntry? {
        try connection.query("SELECT \(columns) FROM history WHERE key = ?1 ORDER BY id DESC LIMIT 1", [.text(key)])
            .compactMap(entry).first
    }

    private static func entry(_ row: [SQLiteColumn]) -> PrefsHistoryEntry? {
        guard case .integer(let id) = row[0], case .integer(let group) = row[1], case .text(let key) = row[2],
              case .real(let at) = row[8], case .text(let author) = row[9], case .integer(let pid) = row[10] else { return nil }
        var oldEntry: PrefEntry?
        if case .text(let type) = row[3], let value = SQLitePrefs.decode(type: type, row[4]) {
            let updatedAt: Double = if case .real(let time) = row[5] { time } else { 0 }
            oldEntry = PrefEntry(value: value, updatedAt: updatedAt)
        }
        var newValue: PrefValue?
        if case .text(let type) = row[6] { newValue = SQLitePrefs.decode(type: type, row[7]) }
        let undoes: Int64? = if case .integer(let number) = row[11] { number } else { nil }
        return PrefsHistoryEntry(id: id, group: group, key: key, oldEntry: oldEntry, newValue: newValue, at: at,
                                 author: author, pid: Int32(truncatingIfNeeded: pid), undoes: undoes,
                                 oldElided: elided(type: row[3], value: row[4]), newElided: elided(type: row[6], value: row[7]))
    }

    private static func elided(type: SQLiteColumn, value: SQLiteColumn) -> ElidedValue? {
        guard case .text(elidedType) = type, case .text(let text) = value else { return nil }
        return ElidedValue(columnText: text)
    }
}
