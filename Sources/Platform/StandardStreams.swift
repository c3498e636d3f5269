#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's standard output, error and input, written and read with `write(2)` and
/// `read(2)`: what `FileHandle.standardOutput` and friends did, without Foundation.
public enum StandardStreams {
    /// Writes all of `text` to standard output and returns the `errno` of a failed write, nil
    /// when everything was written. A reader that went away raises SIGPIPE, which ends the
    /// process quietly as it does after `print`; where SIGPIPE is ignored the result is `EPIPE`.
    @discardableResult
    public static func writeOutput(_ text: String) -> Int32? {
        writeAll(text, to: STDOUT_FILENO)
    }

    /// Writes all of `text` to standard error; the `errno` of a failed write, else nil.
    @discardableResult
    public static func writeError(_ text: String) -> Int32? {
        writeAll(text, to: STDERR_FILENO)
    }

    /// Everything standard input holds, up to its end; nil when it cannot be read.
    public static func readAllInput() -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count > 0 { bytes.append(contentsOf: chunk[..<count]); continue }
            if count == 0 { return bytes }
            if errno != EINTR { return nil }
        }
    }

    /// Writes every byte of `text` to `descriptor`, or returns why it could not: a full disk
    /// (`ENOSPC`) or a closed pipe must not pass for success.
    public static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { buffer in
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
}
