#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a command's `--output FILE` the way the path asks for, never replacing what is not a
/// plain file.
///
/// - a regular file, or a path where nothing is yet, is written atomically: a temporary file
///   beside it is renamed over it, so a reader never sees half a file, and an existing file keeps
///   its mode (and, for root, its owner);
/// - a symlink is followed: the file it points to is written by these rules, the link stays;
/// - anything else (a FIFO, `/dev/full`, a terminal, `/dev/stdout`, `/proc/self/fd/N`) is opened
///   and written in place: renaming over `/dev/stdout` as root would replace the device for the
///   whole machine;
/// - `-` is standard output (`isStandardOutput`), which the caller writes.
///
/// ```swift
/// try OutputFile.write(Array(text.utf8), to: "/tmp/flags.json")
/// ```
public enum OutputFile {
    /// Whether `path` means standard output.
    public static func isStandardOutput(_ path: String) -> Bool { path == "-" }

    /// Writes all of `bytes` to `path` (absolute), by the rules above.
    public static func write(_ bytes: [UInt8], to path: String) throws(OutputFileError) {
        let target = try destination(of: path)
        switch target.kind {
        case .standardOutput:
            if let failure = writeAll(bytes, to: STDOUT_FILENO) { throw OutputFileError(path: path, errorNumber: failure) }
        case .inPlace:
            try writeInPlace(bytes, to: target.path, reportedAs: path)
        case .replace(let existing):
            try replaceAtomically(target.path, with: bytes, keeping: existing, reportedAs: path)
        }
    }

    /// What `path` holds now when it is a regular file (followed through symlinks), read up to
    /// `limit` bytes; nil for anything else. Lets `generate` skip an unchanged file without ever
    /// reading from a FIFO or a device, which could block or never end.
    public static func regularFileContents(at path: String, limit: Int) -> [UInt8]? {
        guard let target = try? destination(of: path), case .replace(let existing?) = target.kind,
              Int(existing.st_size) <= limit else { return nil }
        return try? BoundedFileReader.read(path: target.path, limit: limit)
    }

    private enum Kind {
        case standardOutput
        case inPlace
        /// A regular file to replace (its status), or nil where nothing is yet.
        case replace(stat?)
    }

    private struct Destination {
        var path: String
        var kind: Kind
    }

    /// Where a write to `path` goes, following symlinks by hand so that a link into `/proc` or
    /// `/dev` (as `/dev/stdout` is) is seen for what it is.
    private static func destination(of path: String) throws(OutputFileError) -> Destination {
        var current = path
        for _ in 0..<40 {
            if current.hasPrefix("/proc/") || current.hasPrefix("/dev/") {
                return Destination(path: current, kind: isStandardOutput(file: current) ? .standardOutput : .inPlace)
            }
            var info = stat()
            guard lstat(current, &info) == 0 else {
                guard errno == ENOENT else { throw OutputFileError(path: path, errorNumber: errno) }
                return Destination(path: current, kind: .replace(nil))
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                guard let link = readLink(current) else { throw OutputFileError(path: path, errorNumber: errno) }
                current = link.hasPrefix("/") ? link : FilePathText.joined(FilePathText.folder(of: current), link)
            case S_IFREG:
                return Destination(path: current, kind: .replace(info))
            case S_IFDIR:
                throw OutputFileError(path: path, errorNumber: EISDIR)
            default:
                return Destination(path: current, kind: .inPlace)
            }
        }
        throw OutputFileError(path: path, errorNumber: ELOOP)
    }

    /// Whether `path` names this process's own standard output (the same open file), which is
    /// written through its descriptor: a socket or an anonymous pipe cannot be opened by name.
    private static func isStandardOutput(file path: String) -> Bool {
        var named = stat(), output = stat()
        guard stat(path, &named) == 0, fstat(STDOUT_FILENO, &output) == 0 else { return false }
        return named.st_dev == output.st_dev && named.st_ino == output.st_ino
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A FIFO, a device or a descriptor path: written where it is. A regular file reached through
    /// `/proc/self/fd/N` is appended to, so `>>` keeps what the shell's file already had.
    private static func writeInPlace(_ bytes: [UInt8], to path: String, reportedAs shown: String) throws(OutputFileError) {
        var info = stat()
        let isRegular = stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | (isRegular ? O_APPEND : 0))
        guard descriptor >= 0 else { throw OutputFileError(path: shown, errorNumber: errno) }
        let failure = writeAll(bytes, to: descriptor)
        let closed = close(descriptor)
        if let failure { throw OutputFileError(path: shown, errorNumber: failure) }
        if closed != 0 { throw OutputFileError(path: shown, errorNumber: errno) }
    }

    /// A temporary file in the same folder (so `rename` is atomic), synced, then renamed over
    /// `path`. On any failure the temporary file is removed and `path` is left as it was.
    private static func replaceAtomically(_ path: String, with bytes: [UInt8], keeping existing: stat?,
                                          reportedAs shown: String) throws(OutputFileError) {
        let folder = FilePathText.folder(of: path)
        let temporary = FilePathText.joined(folder.isEmpty ? "." : folder,
                                            ".\(FilePathText.lastComponent(of: path)).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let number = errno
            throw OutputFileError(path: number == ENOENT ? folder : shown, errorNumber: number)
        }
        var failure: Int32?
        if let existing {
            if geteuid() == 0 { _ = fchown(descriptor, existing.st_uid, existing.st_gid) }
            if fchmod(descriptor, existing.st_mode & 0o7777) != 0 { failure = errno }
        }
        if failure == nil { failure = writeAll(bytes, to: descriptor) }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw OutputFileError(path: shown, errorNumber: failure)
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { StandardStreams.writeAll($0, to: descriptor) }
    }
}
