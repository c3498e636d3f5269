#if canImport(Glibc)
import Glibc
#endif
import Formats
import Nimbus
import Platform

/// A cache of what was read from files and checked: a large app's registry and manifest, and its
/// experiment records, are parsed once, then every later start of the menu or the command line
/// reads a compact snapshot instead (10,000 flags: about a second of YAML becomes milliseconds).
///
/// A snapshot is used only while every file it was built from and the running program are the
/// very same files as when it was written: same device, inode, size, modification and change
/// times. An edited, touched or replaced file, a new build of the program, or a snapshot that is
/// cut short, foreign or unreadable makes the caller read its files again and write a new one.
/// Callers snapshot only what read without error, so every error message comes from the files.
///
/// Snapshots live in `$XDG_CACHE_HOME/feature-flags/snapshots` (`~/.cache/…` when unset), one per
/// kind, key (the file it stands for) and program; deleting them is always safe.
/// `FLAGS_NO_CACHE=1` turns them off.
///
/// ```swift
/// let cache = SnapshotCache(environment: ProcessInfo.processInfo.environment)
/// if let set = cache.read(kind: "experiments", key: path, ExperimentRecordSet.init(snapshot:)) { return set }
/// let started = SnapshotCache.now()
/// let set = try parse(path)
/// cache.write(kind: "experiments", key: path, sources: [path], readStarted: started) { set.write(to: &$0) }
/// ```
public struct SnapshotCache: Sendable {
    /// Bumped whenever the layout of the header or of any kind's payload changes, and whenever
    /// loading starts to refuse what it accepted: a snapshot holds only what passed the checks of
    /// the version that wrote it.
    static let formatVersion = 14
    static let magic = Array("FLAGSNAP".utf8)
    /// Files changed this recently before the read began may have changed during it; git calls
    /// them "racily clean". They are not snapshotted until a later start.
    static let racyWindowNanoseconds: Int64 = 50_000_000
    /// Snapshots unused this long are deleted when another is written (files of deleted
    /// folders, old programs); a snapshot in use has its time moved on daily.
    static let unusedLifetimeSeconds = 30 * 86_400

    /// Where snapshots are kept; nil when they are turned off.
    public let folder: String?

    public init(folder: String?) {
        self.folder = folder
    }

    /// The default folder for `environment`, or no snapshots when `FLAGS_NO_CACHE` is set (to
    /// anything but `0`) or no home folder is known.
    public init(environment: [String: String]) {
        if let off = environment["FLAGS_NO_CACHE"], !off.isEmpty, off != "0" {
            folder = nil
        } else if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            folder = xdg + "/feature-flags/snapshots"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folder = home + "/.cache/feature-flags/snapshots"
        } else {
            folder = nil
        }
    }

    /// The snapshot file of `kind` for `key` and the running program: each program (flags, an
    /// app, a test runner) keeps its own, so they do not take turns rewriting one.
    public func path(kind: String, key: String) -> String? {
        guard let folder else { return nil }
        let digest = SHA256.hash(Array((kind + "\u{0}" + key + "\u{0}" + Self.programPath).utf8))
        let name = digest.prefix(12).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }
        return folder + "/" + name.joined() + ".snapshot"
    }

    /// What `decode` reads from the snapshot of `kind` for `key`, when there is one and every
    /// file it was built from is unchanged; nil otherwise.
    public func read<Value>(kind: String, key: String,
                            _ decode: (inout SnapshotReader) throws(SnapshotReader.Malformed) -> Value) -> Value? {
        path(kind: kind, key: key).flatMap { Self.read($0, kind: kind, key: key, decode) }
    }

    /// Writes the snapshot of `kind` for `key` (best effort): `encode` writes the payload, which
    /// was built from the files `sources` by a read that began at `readStarted` (`now()`).
    /// Nothing is written when a source is missing or changed too recently to be trusted.
    public func write(kind: String, key: String, sources: [String], readStarted: Int64, _ encode: (inout SnapshotWriter) -> Void) {
        guard let file = path(kind: kind, key: key) else { return }
        Self.write(to: file, kind: kind, key: key, sources: sources, readStarted: readStarted, encode)
    }

    /// The clock `readStarted` is measured on (nanoseconds since 1970, as file times are).
    public static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    // MARK: - Reading

    /// The payload of the snapshot `file`, decoded, when its header says `kind` and `key`, this
    /// program, and sources that are all unchanged.
    static func read<Value>(_ file: String, kind: String, key: String,
                            _ decode: (inout SnapshotReader) throws(SnapshotReader.Malformed) -> Value) -> Value? {
        guard let bytes = readOwnFile(file), bytes.count >= magic.count + 8, bytes.starts(with: magic) else { return nil }
        // Parts of a payload may be decoded only when asked for, long after this check: the
        // checksum makes sure now that every byte is as written.
        let payloadStart = magic.count + 8
        let stored = bytes[magic.count..<payloadStart].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard stored == checksum(bytes[payloadStart...]) else { return nil }
        do {
            var reader = try SnapshotReader(bytes, from: payloadStart)
            guard try reader.readInt() == formatVersion, try reader.readString() == kind, try reader.readString() == key,
                  try FileIdentity(snapshot: &reader) == programIdentity else { return nil }
            let sources = try reader.readArray { (reader: inout SnapshotReader) throws(SnapshotReader.Malformed) in
                try FileIdentity(snapshot: &reader)
            }
            guard sources.allSatisfy({ $0 == FileIdentity(path: $0.path) }) else { return nil }
            let value = try decode(&reader)
            return reader.isAtEnd ? value : nil
        } catch {
            return nil
        }
    }

    /// The file's bytes when it is a regular file of this user that no one else may write:
    /// a snapshot is trusted as checked, so one that others could have written is ignored.
    static func readOwnFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
              info.st_mode & 0o022 == 0, info.st_size > 0, info.st_size < 1 << 30 else { return nil }
        if Int(time(nil)) - Int(info.st_mtim.tv_sec) > 86_400 { futimens(descriptor, nil) }
        return try? BoundedFileReader.read(descriptor: descriptor, name: path, limit: 1 << 30)
    }

    // MARK: - Writing

    /// Writes the snapshot beside its final name and renames it into place, so a reader sees the
    /// old snapshot or the new one, never half of one. Best effort: a cache that cannot be
    /// written only costs the next start its speed.
    static func write(to file: String, kind: String, key: String, sources paths: [String], readStarted: Int64,
                      _ encode: (inout SnapshotWriter) -> Void) {
        let sources = paths.map(FileIdentity.init(path:))
        // A file missing now, or changed since just before the read began, may not be what was
        // read. The change time counts too: a copy that keeps the old modification time (cp -p,
        // rsync -t) still moves it.
        guard sources.allSatisfy({ $0.exists && max($0.modifiedNanoseconds, $0.changedNanoseconds) < readStarted - racyWindowNanoseconds })
        else { return }
        var writer = SnapshotWriter()
        writer.write(formatVersion)
        writer.write(kind)
        writer.write(key)
        programIdentity.write(to: &writer)
        writer.writeCount(sources.count)
        for source in sources { source.write(to: &writer) }
        encode(&writer)
        let payload = writer.finish()
        let sum = checksum(payload)
        let bytes = magic + (0..<8).map { UInt8(truncatingIfNeeded: sum >> (8 * $0)) } + payload

        let folder = FilePathText.folder(of: file)
        guard makeFolder(folder) else { return }
        let temporary = file + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            guard count > 0 else { break }
            offset += count
        }
        close(descriptor)
        if offset != bytes.count || rename(temporary, file) != 0 { unlink(temporary) }
        removeUnused(in: folder)
    }

    /// Deletes the snapshots (and leftover temporary files) of `folder` unused for
    /// `unusedLifetimeSeconds`.
    static func removeUnused(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let oldest = Int(time(nil)) - unusedLifetimeSeconds
        for name in names where name.hasSuffix(".snapshot") || name.hasSuffix(".tmp") {
            var info = stat()
            let path = folder + "/" + name
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_mtim.tv_sec) < oldest { unlink(path) }
        }
    }

    /// Creates `folder` and its parents, private to this user; true when it exists.
    static func makeFolder(_ folder: String) -> Bool {
        (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                  attributes: [.posixPermissions: 0o700])) != nil
    }

    /// The checksum stored with a snapshot: it catches one damaged after it was written.
    static func checksum(_ bytes: some ContiguousBytes & Collection<UInt8>) -> UInt64 { ContentChecksum.of(bytes) }

    // MARK: - Identities

    /// The running program's identity without its change time (the build tool adds hard links
    /// to a program it built, which moves the change time but not the code). Taken once: every
    /// snapshot a process reads or writes is keyed to the code that is running, even when the
    /// file is rebuilt meanwhile.
    static let programIdentity: FileIdentity = {
        var identity = FileIdentity(path: programPath)
        identity.changedNanoseconds = 0
        return identity
    }()

    /// The running program, as the kernel names it.
    static let programPath: String =
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? ""
}
