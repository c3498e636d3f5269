#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Platform

/// Checks a store path before SQLite touches it, creates new stores atomically, and explains
/// failures as `PrefsStoreError`s.
///
/// Validation happens before any write so that a file which is not ours is never modified: SQLite
/// would happily turn an empty file into a database or change a header on its first write.
struct StoreFile {
    let path: String

    private static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// Opens the existing store after checking it, or creates a fresh one.
    func openOrCreate() throws(PrefsStoreError) -> SQLiteConnection {
        try checkFolder()
        var info = stat()
        if stat(path, &info) != 0 {
            guard errno == ENOENT else { throw failure(.io, "cannot be examined: \(String(cString: strerror(errno)))", hint: "check that the path and its folders are readable") }
            try create()
            return try openExisting()
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw failure(.notAFile, "is not a regular file (a folder or device is in its place)",
                          hint: "remove or rename it, or choose another store with --store PATH or FLAGS_STORE")
        }
        try checkOwnership(info)
        guard info.st_size > 0 else {
            throw failure(.notAStore, "is an empty file, not a feature-flags store",
                          hint: "remove it (rm '\(path)') to start a fresh store, or choose another with --store PATH")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw failure(.readOnly, "cannot be read: \(ErrorText.systemMessage(errno))", hint: "check its permissions: ls -l '\(path)'")
        }
        var header = [UInt8](repeating: 0, count: Self.sqliteHeader.count)
        let headerCount = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        header.removeLast(header.count - max(headerCount, 0))
        guard header == Self.sqliteHeader else {
            throw failure(.notAStore, "is not an SQLite database, so it is not a feature-flags store",
                          hint: "move it away (mv '\(path)' '\(path).bad') to start a fresh store, or choose another with --store PATH")
        }
        return try openExisting()
    }

    private func openExisting() throws(PrefsStoreError) -> SQLiteConnection {
        do {
            let connection = try SQLiteConnection(path: path, create: false)
            connection.setBusyTimeout(milliseconds: 5000)
            let applicationID = try connection.integer("PRAGMA application_id")
            guard applicationID == SQLitePrefs.applicationID else {
                throw failure(.notAStore, "is another program's SQLite database (application_id \(applicationID)), not a feature-flags store",
                              hint: "choose a store of its own with --store PATH or FLAGS_STORE; this file is left untouched")
            }
            let version = try connection.integer("PRAGMA user_version")
            guard version <= SQLitePrefs.schemaVersion else {
                throw failure(.newerSchema, "was written by a newer version of this tool (schema \(version); this one understands up to \(SQLitePrefs.schemaVersion))",
                              hint: "update this tool, or choose another store with --store PATH")
            }
            // WAL with synchronous=NORMAL: a commit is on disk in the WAL before it returns and is
            // seen by every other process; it survives a killed process (the kernel has the
            // pages), but the last commits could be lost if the machine loses power, as with
            // UserDefaults. Syncing every commit (FULL) would make a toggle cost an fsync.
            try connection.execute("PRAGMA synchronous = NORMAL")
            return connection
        } catch let error as PrefsStoreError {
            throw error
        } catch {
            throw Self.explain(error, path: path, action: "open")
        }
    }

    /// Builds the store in a private temporary file and links it into place, so no other process
    /// can ever see a half-initialised store; if another process wins the race, its store is used.
    private func create() throws(PrefsStoreError) {
        let folder = FilePathText.folder(of: path)
        do {
            try FileManager.default.createDirectory(atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw failure(.readOnly, "cannot be created: its folder \(folder) cannot be made (\(ErrorText.describe(error)))",
                          hint: "check the permissions of the parent folders, or choose another store with --store PATH")
        }
        let temporary = "\(folder.isEmpty ? "." : folder)/.\(FilePathText.lastComponent(of: path)).new-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw failure(errno == ENOSPC ? .diskFull : .readOnly, "cannot be created: \(reason)",
                          hint: "check that \(folder) is writable and has free space, or choose another store with --store PATH")
        }
        close(descriptor)
        defer { unlink(temporary) }
        do {
            let connection = try SQLiteConnection(path: temporary, create: false)
            try connection.execute("""
                PRAGMA application_id = \(SQLitePrefs.applicationID);
                PRAGMA user_version = \(SQLitePrefs.schemaVersion);
                PRAGMA journal_mode = WAL;
                CREATE TABLE prefs (
                    key TEXT PRIMARY KEY NOT NULL,
                    type TEXT NOT NULL CHECK (type IN ('bool', 'int', 'string')),
                    value NOT NULL,
                    updated_at REAL NOT NULL
                ) WITHOUT ROWID;
                """)
        } catch {
            throw Self.explain(error, path: path, action: "create")
        }
        if link(temporary, path) != 0 && errno != EEXIST {
            throw failure(.io, "cannot be created: \(String(cString: strerror(errno)))", hint: "check that \(folder) is writable")
        }
    }

    /// Refuses a store whose folder other users can write, even with the sticky bit (as /tmp):
    /// they could not change the file itself, but they could create `prefs.sqlite-wal` before
    /// we do, and SQLite would replay their journal into our store on the next open. A missing
    /// folder is fine: `create` makes it 0700.
    private func checkFolder() throws(PrefsStoreError) {
        let folder = FilePathText.folder(of: path)
        var info = stat()
        guard stat(folder.isEmpty ? "." : folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return }
        if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
            throw failure(.unsafePermissions,
                          "is in a folder other users can write (\(folder.isEmpty ? "." : folder), mode \(String(info.st_mode & 0o7777, radix: 8))), "
                              + "so they could replace the store or plant a journal that SQLite would replay into it",
                          hint: "keep the store in a private folder (the default is ~/.local/state/feature-flags/<app>/), "
                              + "or make this one private: chmod go-w '\(folder.isEmpty ? "." : folder)'")
        }
    }

    /// Refuses a store that someone else could change: it decides what a build of the app does.
    private func checkOwnership(_ info: stat) throws(PrefsStoreError) {
        if info.st_uid != geteuid() {
            throw failure(.unsafePermissions, "is owned by another user (uid \(info.st_uid)), so they could change your flags",
                          hint: "use a store of your own (--store PATH), or take it over: chown \(geteuid()) '\(path)'")
        }
        if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
            throw failure(.unsafePermissions, "is writable by other users (mode \(String(info.st_mode & 0o777, radix: 8)))",
                          hint: "make it private: chmod 600 '\(path)'")
        }
    }

    private func failure(_ kind: PrefsStoreError.Kind, _ problem: String, hint: String) -> PrefsStoreError {
        PrefsStoreError(path: path, kind: kind, problem: problem, hint: hint)
    }

    /// Turns an SQLite failure during `action` into a sentence and a hint the user can act on.
    static func explain(_ error: any Error, path: String, action: String) -> PrefsStoreError {
        if let error = error as? PrefsStoreError { return error }
        guard let error = error as? SQLiteError else {
            return PrefsStoreError(path: path, kind: .io, problem: "could not \(action) the store: \(error)", hint: "see the message above")
        }
        if error.isBusy {
            return PrefsStoreError(path: path, kind: .busy, problem: "is locked by another process for more than 5 seconds",
                                   hint: "finish or close the other process using this store, then try again")
        }
        if error.isDiskFull {
            return PrefsStoreError(path: path, kind: .diskFull, problem: "could not \(action): the disk is full; nothing was changed",
                                   hint: "free some space on the disk that holds it, then try again")
        }
        if error.isReadOnly {
            return PrefsStoreError(path: path, kind: .readOnly, problem: "could not \(action): the file or its folder is read-only (\(error.message))",
                                   hint: "check the permissions of the file and its folder: ls -ld '\(path)' '\(FilePathText.folder(of: path))'")
        }
        if error.isNotADatabase {
            return PrefsStoreError(path: path, kind: .notAStore, problem: "is damaged or truncated: \(error.message)",
                                   hint: "move it away (mv '\(path)' '\(path).bad') to start a fresh store; it was left untouched")
        }
        return PrefsStoreError(path: path, kind: .io, problem: "could not \(action): \(error.message)", hint: "check the disk and the file's permissions")
    }
}
