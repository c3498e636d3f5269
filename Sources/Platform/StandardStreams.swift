#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's standard output and error, written with `write(2)`: what
/// `FileHandle.standardOutput` and friends did, without Foundation. Standard input is read
/// with a size limit by `BoundedFileReader.readStandardInput`.
public enum StandardStreams {
    /// Writes all of `text` to standard output and returns the `errno` of a failed write, nil
    /// when everything was written. A reader that went away raises SIGPIPE, which ends the
    /// process quietly as it does after `print`; where SIGPIPE is ignored the result is `EPIPE`.
    @discardableResult
    public static func writeOutput(_ text: String) -> Int32? {
        writeAll(text, to: STDOUT_FILENO)
    }

    /// Writes all of `buffer` to standard output, as `writeOutput(_: String)` does.
    @discardableResult
    public static func writeOutput(_ buffer: UnsafeRawBufferPointer) -> Int32? {
        writeAll(buffer, to: STDOUT_FILENO)
    }

    /// Writes all of `text` to standard error; the `errno` of a failed write, else nil.
    @discardableResult
    public static func writeError(_ text: String) -> Int32? {
        writeAll(text, to: STDERR_FILENO)
    }

    /// Writes every byte of `text` to `descriptor`, or returns why it could not: a full disk
    /// (`ENOSPC`) or a closed pipe must not pass for success.
    public static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// Writes every byte of `buffer` to `descriptor` (retrying short writes and EINTR); the
    /// `errno` of a failed write, else nil.
    public static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written > 0 { offset += written; continue }
            if written < 0, errno == EINTR { continue }
            return written < 0 ? errno : EIO
        }
        return nil
    }
}
