#if canImport(Glibc)
import Glibc
#endif
import CSQLite
import Platform

/// One SQLite connection: the only Swift file that talks to the SQLite C library.
///
/// It exposes just what the prefs store needs (statements with text, integer and real columns,
/// pragmas, transactions) and turns every result code into a `SQLiteError` that carries SQLite's
/// own message, so callers can explain failures in plain words.
///
/// ```swift
/// let db = try SQLiteConnection(path: "/tmp/x.sqlite", create: true)
/// try db.execute("CREATE TABLE t (a INTEGER)")
/// ```
final class SQLiteConnection {
    private let handle: OpaquePointer
    private var statementCache: [String: OpaquePointer] = [:]
    /// The database file, whose folder `WriterQueue` queues writers on.
    private let path: String
    /// How long a writer waits for others, in the queue and then for SQLite's lock.
    private var busyTimeout: Duration = .zero

    /// Opens `path` read-write (read-only when the file is write-protected). `create` allows
    /// SQLite to create a missing file; without it a missing file is an error.
    init(path: String, create: Bool) throws(SQLiteError) {
        var db: OpaquePointer?
        var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
        if create { flags |= SQLITE_OPEN_CREATE }
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            if let db { sqlite3_close_v2(db) }
            throw SQLiteError(code: code, message: message)
        }
        handle = db
        self.path = path
        // Report constraint and I/O failures with their precise codes (SQLITE_FULL, SQLITE_READONLY...).
        sqlite3_extended_result_codes(db, 1)
    }

    deinit { close() }

    /// Closes the connection now rather than when the last reference goes; later calls fail
    /// with SQLITE_MISUSE. The last connection to close checkpoints the WAL into the database
    /// file it opened and deletes the `-wal` and `-shm` files by name, which must happen before
    /// a new store is made at a path the old file was moved away from.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        for statement in statementCache.values { sqlite3_finalize(statement) }
        statementCache = [:]
        sqlite3_close_v2(handle)
    }

    private var isClosed = false

    private var closedError: SQLiteError { SQLiteError(code: SQLITE_MISUSE, message: "the store was closed") }

    /// Waits up to `milliseconds` for another process's lock before reporting `SQLITE_BUSY`.
    func setBusyTimeout(milliseconds: Int32) {
        guard !isClosed else { return }
        sqlite3_busy_timeout(handle, milliseconds)
        busyTimeout = .milliseconds(milliseconds)
    }

    /// Runs SQL that returns no rows (several statements allowed).
    func execute(_ sql: String) throws(SQLiteError) {
        guard !isClosed else { throw closedError }
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if code != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(errorMessage)
            throw SQLiteError(code: code, message: message, systemErrno: sqlite3_system_errno(handle))
        }
    }

    /// Runs one statement with `bindings` and returns every row, each column as a `SQLiteColumn`.
    /// Statements are prepared once and cached: the store runs the same few over and over.
    func query(_ sql: String, _ bindings: [SQLiteColumn] = []) throws(SQLiteError) -> [[SQLiteColumn]] {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (offset, binding) in bindings.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch binding {
            case .null: code = sqlite3_bind_null(statement, index)
            case .integer(let value): code = sqlite3_bind_int64(statement, index, value)
            case .real(let value): code = sqlite3_bind_double(statement, index, value)
            // By byte length, never up to a NUL: a NUL inside the text would cut it short there.
            case .text(let value): code = sqlite3_bind_text(statement, index, value, Int32(value.utf8.count), csqlite_transient())
            }
            guard code == SQLITE_OK else { throw lastError(code) }
        }
        var rows: [[SQLiteColumn]] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw lastError(code) }
            rows.append((0..<sqlite3_column_count(statement)).map { column(statement, $0) })
        }
        return rows
    }

    /// The single integer a pragma or aggregate query answers (0 when it answers nothing).
    func integer(_ sql: String) throws(SQLiteError) -> Int64 {
        if case .integer(let value)? = try query(sql).first?.first { return value }
        return 0
    }

    /// Runs `body` inside `BEGIN IMMEDIATE ... COMMIT`, rolling back when it throws. IMMEDIATE
    /// takes the write lock up front, so two writers queue on the busy timeout instead of one
    /// failing half-way with SQLITE_BUSY on lock upgrade.
    ///
    /// Before that it queues behind the store's other writers (`WriterQueue`), because SQLite's
    /// lock alone lets a writer starve past the busy timeout.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        guard let place = WriterQueue.enter(folder: FilePathText.folder(of: path), timeout: busyTimeout) else {
            throw SQLiteError(code: SQLITE_BUSY, message: "database is locked: other writers held it for the whole busy timeout")
        }
        defer { WriterQueue.leave(place) }
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private func prepared(_ sql: String) throws(SQLiteError) -> OpaquePointer {
        guard !isClosed else { throw closedError }
        if let statement = statementCache[sql] { return statement }
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else { throw lastError(code) }
        statementCache[sql] = statement
        return statement
    }

    private func column(_ statement: OpaquePointer, _ index: Int32) -> SQLiteColumn {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            .text(sqlite3_column_text(statement, index).map {
                String(decoding: UnsafeBufferPointer(start: $0, count: Int(sqlite3_column_bytes(statement, index))), as: UTF8.self)
            } ?? "")
        default: .null
        }
    }

    private func lastError(_ code: Int32) -> SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)),
                    systemErrno: sqlite3_system_errno(handle))
    }
}

/// A value read from or bound to an SQLite statement.
enum SQLiteColumn: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
}

/// An SQLite result code with SQLite's message; `primaryCode` groups extended codes
/// (SQLITE_IOERR_WRITE is an SQLITE_IOERR).
struct SQLiteError: Error, CustomStringConvertible {
    var code: Int32
    var message: String
    /// The OS error behind an I/O failure (0 when none), as `sqlite3_system_errno` reports it.
    var systemErrno: Int32 = 0

    var primaryCode: Int32 { code & 0xff }
    var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    /// SQLITE_FULL, or an I/O error caused by a full disk or quota: growing the `-shm` file on a
    /// full disk fails as SQLITE_IOERR ("disk I/O error") with ENOSPC underneath.
    var isDiskFull: Bool {
        primaryCode == SQLITE_FULL || (primaryCode == SQLITE_IOERR && (systemErrno == ENOSPC || systemErrno == EDQUOT))
    }
    var isReadOnly: Bool { primaryCode == SQLITE_READONLY || primaryCode == SQLITE_CANTOPEN || primaryCode == SQLITE_PERM }
    /// SQLITE_TOOBIG: a string or blob over SQLite's length limit; nothing is wrong with the disk.
    var isTooBig: Bool { primaryCode == SQLITE_TOOBIG }
    var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB || primaryCode == SQLITE_CORRUPT }
    var description: String { "\(message) (SQLite code \(code))" }
}
