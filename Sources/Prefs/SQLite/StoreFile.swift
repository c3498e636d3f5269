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
        try checkFolder(FilePathText.folder(of: path))
        var info = stat()
        if stat(path, &info) != 0 {
            guard errno == ENOENT else { throw failure(.io, "cannot be examined: \(String(cString: strerror(errno)))", hint: "check that the path and its folders are readable") }
            try refuseDanglingLink()
            try checkJournals(of: path)
            try create()
            return try openExisting()
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw failure(.notAFile, "is not a regular file (a folder or device is in its place)",
                          hint: "remove or rename it, or choose another store with --store PATH or FLAGS_STORE")
        }
        try checkOwnership(info)
        // SQLite follows a symbolic link and keeps the journals beside the file it points to,
        // so that file's folder and journals are the ones others must not be able to touch.
        let target = resolvedTarget()
        if target != path { try checkFolder(FilePathText.folder(of: target)) }
        try checkJournals(of: target)
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

    /// A symbolic link to nothing would otherwise reach SQLite, which calls it "unable to open"
    /// and is reported as read-only; say what it is instead.
    private func refuseDanglingLink() throws(PrefsStoreError) {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        let target = count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
        throw failure(.notAFile, "is a symbolic link to a missing file (\(target))",
                      hint: "create or restore '\(target)', remove the link (rm '\(path)') to start a fresh store here, "
                          + "or choose another store with --store PATH")
    }

    /// Removes the `-wal` and `-shm` at the path when they are left over from a store that is
    /// no longer there (or was just closed by `SQLitePrefs.reopened()`): empty, and used by no
    /// process. A journal with frames, or one another process still has open, is refused.
    ///
    /// Why: journals without their database are what a store moved away or deleted while a
    /// program had it open leaves behind. SQLite would read them as the journals of a new store
    /// made here, mixing the old store's pages (and the other program's writes) into it.
    ///
    /// `beforeCreating`: the path had no store a moment ago. If one is there now, another process
    /// created it in between, and the journals are that live store's.
    func removeLeftJournals(beforeCreating: Bool = false) throws(PrefsStoreError) {
        let wal = path + "-wal", shm = path + "-shm"
        var info = stat()
        let walSize = lstat(wal, &info) == 0 ? Int64(info.st_size) : nil
        let hasShm = lstat(shm, &info) == 0
        guard walSize != nil || hasShm else { return }
        if beforeCreating, lstat(path, &info) == 0 { return }
        let names = [wal, shm].map { "'\($0)'" }.joined(separator: " ")
        if hasShm && Self.isInUse(shm: shm) {
            throw failure(.busy, "cannot be opened: another program still has the store that was at this path open "
                              + "(it was moved away, deleted or replaced), and its journals \(wal) and \(shm) are still in use",
                          hint: "close the programs that use the old store (the menu, the app) and try again")
        }
        if let walSize, walSize > 0 {
            throw failure(.busy, "cannot be opened: a journal with changes of a store no longer at this path is left (\(wal)), "
                              + "as when the store is moved away or deleted while a program has it open; SQLite would mix it into this store",
                          hint: "if the old store matters, move it back with its journal, else remove the journals: rm \(names)")
        }
        unlink(wal)
        unlink(shm)
    }

    /// Whether a process has `shm` mapped: every SQLite connection holds a shared lock on its
    /// "dead man switch" byte (offset 128) while it uses the file, so an exclusive lock there
    /// succeeds only when no one does. Our own connections must be closed first (locks are per process).
    private static func isInUse(shm: String) -> Bool {
        let descriptor = open(shm, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return true }
        defer { close(descriptor) }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = 128
        lock.l_len = 1
        guard fcntl(descriptor, F_SETLK, &lock) == 0 else { return true }
        lock.l_type = Int16(F_UNLCK)
        _ = fcntl(descriptor, F_SETLK, &lock)
        return false
    }

    /// The file SQLite will open for `path`: the path itself, or where its symbolic links lead.
    private func resolvedTarget() -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        let text = String(cString: resolved)
        var info = stat()
        // Only a link changes where the journals are; a plain relative path stays as given.
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return path }
        return text
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
    /// can ever see a half-initialized store; if another process wins the race, its store is used.
    private func create() throws(PrefsStoreError) {
        let folder = FilePathText.folder(of: path)
        try removeLeftJournals(beforeCreating: true)
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

    /// Refuses a store whose folder another user owns, or that others can write, even with the
    /// sticky bit (as /tmp): they could not change the file itself, but they could create
    /// `prefs.sqlite-wal` before we do, and SQLite would replay their journal into our store. A
    /// folder owned by root is fine (root can change anything anyway), as OpenSSH allows. A
    /// missing folder is fine too: `create` makes it 0700.
    private func checkFolder(_ folder: String) throws(PrefsStoreError) {
        let folder = folder.isEmpty ? "." : folder
        var info = stat()
        guard stat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return }
        let mode = String(info.st_mode & 0o7777, radix: 8)
        if info.st_uid != geteuid() && info.st_uid != 0 {
            let takeOver = geteuid() == 0 ? ", or take the folder over: chown 0 '\(folder)' && chmod go-w '\(folder)'" : ""
            throw failure(.unsafePermissions,
                          "is in a folder owned by another user (\(folder), uid \(info.st_uid)), "
                              + "who could replace the store or plant a journal that SQLite would replay into it",
                          hint: Self.ownFolderHint + takeOver)
        }
        if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
            // A sticky folder (/tmp, /var/tmp) is shared on purpose: never `chmod go-w /tmp`, but
            // a folder of one's own inside it is safe, since the sticky bit keeps others from
            // renaming it. Without the sticky bit a folder inside is no safer than the file, and
            // a folder someone else owns is not ours to change.
            let hint = info.st_mode & S_ISVTX != 0 ? Self.privateFolderHint(near: folder)
                : info.st_uid != geteuid() ? Self.ownFolderHint
                : "keep the store in a private folder (the default is ~/.local/state/feature-flags/<app>/), "
                    + "or make this one private: chmod go-w '\(folder)'"
            throw failure(.unsafePermissions,
                          "is in a folder other users can write (\(folder), mode \(mode)), "
                              + "so they could replace the store or plant a journal that SQLite would replay into it",
                          hint: hint)
        }
    }

    /// The default store's folder, which is the user's own.
    private static let ownFolderHint = "keep the store in a folder of your own: leave out --store for the default ~/.local/state/feature-flags/<app>/, or pass --store a path in your home folder"

    /// How to get a store no one else can touch in a sticky shared folder: a new folder inside it
    /// that only the user can enter.
    private static func privateFolderHint(near folder: String) -> String {
        let base = folder == "/" ? "" : folder
        let own = "\(base)/flags-\(geteuid())"
        return "keep the store in a private folder: mkdir -m 700 '\(own)' and use --store '\(own)/prefs.sqlite' "
            + "(or leave out --store for the default ~/.local/state/feature-flags/<app>/)"
    }

    /// Refuses a store that someone else could change: it decides what a build of the app does.
    /// Root's files are accepted, as OpenSSH accepts them.
    private func checkOwnership(_ info: stat) throws(PrefsStoreError) {
        if info.st_uid != geteuid() && info.st_uid != 0 {
            throw failure(.unsafePermissions, "is owned by another user (uid \(info.st_uid)), so they could change your flags",
                          hint: "use a store of your own (--store PATH), or take it over: chown \(geteuid()) '\(path)'")
        }
        if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
            throw failure(.unsafePermissions, "is writable by other users (mode \(String(info.st_mode & 0o777, radix: 8)))",
                          hint: "make it private: chmod 600 '\(path)'")
        }
    }

    /// Refuses journals (`-wal`, `-shm`) beside `database` that someone else owns or can write,
    /// or that are not plain files: SQLite replays a `-wal` into the store on the next open and
    /// trusts the `-shm` index into it, so either would let them change the flags. Checked
    /// before SQLite opens the database, which is when the replay happens.
    private func checkJournals(of database: String) throws(PrefsStoreError) {
        for suffix in ["-wal", "-shm"] {
            let journal = database + suffix
            var info = stat()
            guard lstat(journal, &info) == 0 else { continue }
            guard (info.st_mode & S_IFMT) == S_IFREG else {
                throw failure(.unsafePermissions, "has a journal that is not a regular file (\(journal): a link, folder or device), "
                                  + "which SQLite would follow",
                              hint: "remove it while no program uses the store: rm '\(journal)'")
            }
            if info.st_uid != geteuid() && info.st_uid != 0 {
                throw failure(.unsafePermissions,
                              "has a journal owned by another user (\(journal), uid \(info.st_uid)), which SQLite would replay into the store, "
                                  + "so they could change your flags",
                              hint: "if you did not make it, remove it while no program uses the store (rm '\(journal)'); "
                                  + "if it is yours, take it over: chown \(geteuid()) '\(journal)' && chmod 600 '\(journal)'")
            }
            if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
                throw failure(.unsafePermissions,
                              "has a journal writable by other users (\(journal), mode \(String(info.st_mode & 0o777, radix: 8))), "
                                  + "so they could change your flags through it",
                              hint: "make it private: chmod 600 '\(journal)'")
            }
        }
    }

    /// The device and inode `path` names now (following links, as SQLite does), nil when
    /// nothing is there; `missing` is false when the path could not be examined for another
    /// reason, which is not taken as a sign that the file went away.
    static func identity(of path: String) -> (file: FileIdentity?, missing: Bool) {
        var info = stat()
        guard stat(path, &info) == 0 else { return (nil, errno == ENOENT || errno == ENOTDIR) }
        return (FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)), false)
    }

    /// A file as the kernel knows it, whatever its name.
    struct FileIdentity: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
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
        if error.isTooBig {
            return PrefsStoreError(path: path, kind: .valueTooLarge,
                                   problem: "could not \(action): a value is larger than SQLite allows in one field (\(error.message)); nothing was changed",
                                   hint: "store a shorter value; a flag's value or preference is meant to be small")
        }
        if error.isNotADatabase {
            return PrefsStoreError(path: path, kind: .notAStore, problem: "is damaged or truncated: \(error.message)",
                                   hint: "move it away (mv '\(path)' '\(path).bad') to start a fresh store; it was left untouched")
        }
        return PrefsStoreError(path: path, kind: .io, problem: "could not \(action): \(error.message)", hint: "check the disk and the file's permissions")
    }
}
