#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file, or standard input, with a limit on its size checked while reading.
///
/// Every file the package reads whole goes through here (registries, manifests and their
/// includes, experiment record files, imports, standard input). A size taken from `stat` first
/// cannot be trusted: `/dev/zero`, a FIFO or `/proc` files report 0 and then never end, and a
/// file may grow between the `stat` and the read. So the bytes are counted as they arrive and
/// the read stops one byte past the limit, however big the source claims to be.
///
/// `/dev/stdin` (and `/dev/fd/0`, `/proc/self/fd/0`) are read from this process's descriptor 0
/// rather than reopened: a socket or a pipe inherited from the parent cannot always be opened
/// again by name. Any other device named by its path (`/dev/zero`, `/dev/tty`) is refused
/// without being opened; FIFOs are read like files, up to the limit.
///
/// ```swift
/// let bytes = try BoundedFileReader.read(path: "feature-flags.yaml", limit: 16 * BoundedFileReader.mebibyte)
/// let input = try BoundedFileReader.readStandardInput(limit: 16 * BoundedFileReader.mebibyte)
/// ```
public enum BoundedFileReader {
    public static let mebibyte = 1 << 20

    /// Names that stand for this process's standard input.
    public static func namesStandardInput(_ path: String) -> Bool {
        path == "-" || path == "/dev/stdin" || path == "/dev/fd/0" || path == "/proc/self/fd/0"
    }

    /// The bytes of the file at `path`, which must hold at most `limit` bytes. `path` is opened
    /// as written (relative to the working directory when relative); a folder is an error.
    public static func read(path: String, limit: Int) throws(FileReadError) -> [UInt8] {
        if path != "-", namesStandardInput(path) { return try read(descriptor: STDIN_FILENO, name: path, limit: limit) }
        // A device is never one of our files, and opening one can act (a tape rewinds, a
        // terminal waits for a line): refuse it by its type, before opening it.
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFCHR || info.st_mode & S_IFMT == S_IFBLK {
            throw FileReadError(path: path, problem: .device)
        }
        // O_NOCTTY: reading a terminal device named on the command line must not make it ours.
        var descriptor: Int32
        repeat { descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw FileReadError(path: path, problem: .system(errno)) }
        defer { close(descriptor) }
        return try read(descriptor: descriptor, name: path, limit: limit)
    }

    /// Everything standard input holds up to its end, at most `limit` bytes; `name` stands for
    /// it in errors.
    public static func readStandardInput(limit: Int, name: String = "standard input") throws(FileReadError) -> [UInt8] {
        try read(descriptor: STDIN_FILENO, name: name, limit: limit)
    }

    /// Whether the file at `path` holds exactly `bytes`, reading at most one byte more than
    /// that: how a file is compared with what would be written to it (false when it cannot be read).
    public static func file(at path: String, holds bytes: [UInt8]) -> Bool {
        (try? read(path: path, limit: bytes.count)) == bytes
    }

    /// The bytes from the open `descriptor` up to its end, at most `limit`; `name` stands for
    /// it in errors. For a caller that opened the file itself, to check what it is first.
    public static func read(descriptor: Int32, name: String, limit: Int) throws(FileReadError) -> [UInt8] {
        var info = stat()
        let known = fstat(descriptor, &info) == 0
        if known, info.st_mode & S_IFMT == S_IFDIR { throw FileReadError(path: name, problem: .folder) }
        // A regular file's size is only a hint for the first read, never a bound: it is read
        // straight into the array's storage (zeroing a buffer first touched every page of a
        // large file once more), and whatever follows is read in chunks, up to the limit.
        let expected = known && info.st_mode & S_IFMT == S_IFREG ? min(max(Int(info.st_size), 0), limit) : 0
        var failure: Int32?
        var ended = false
        var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, initialized in
            while initialized < buffer.count {
                let count = Glibc.read(descriptor, buffer.baseAddress! + initialized, buffer.count - initialized)
                if count > 0 { initialized += count; continue }
                if count == 0 { ended = true } else if errno == EINTR { continue } else { failure = errno }
                return
            }
        }
        var chunk = [UInt8](repeating: 0, count: ended || failure != nil ? 0 : min(65_536, limit + 1))
        while !ended, failure == nil, bytes.count <= limit {
            // Never ask for more than one byte past the limit: that byte alone says "too large".
            let wanted = min(chunk.count, limit + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count > 0 { bytes.append(contentsOf: chunk[..<count]) } else if count == 0 { ended = true } else if errno != EINTR { failure = errno }
        }
        if let failure { throw FileReadError(path: name, problem: .system(failure)) }
        if bytes.count > limit { throw FileReadError(path: name, problem: .tooLarge(limit: limit)) }
        return bytes
    }
}
