#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's standard output and error, written with `write(2)`: what
/// `FileHandle.standardOutput` and friends did, without Foundation. Standard input is read
/// with a size limit by `BoundedFileReader.readStandardInput`.
public enum StandardStreams {
    /// Writes all of `text` to standard output. A reader that went away raises SIGPIPE, which
    /// ends the process as it does after `print`; any other write error drops the rest.
    public static func writeOutput(_ text: String) {
        writeAll(text, to: STDOUT_FILENO)
    }

    /// Writes all of `text` to standard error.
    public static func writeError(_ text: String) {
        writeAll(text, to: STDERR_FILENO)
    }

    private static func writeAll(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 { offset += written } else if written < 0, errno == EINTR { continue } else { return }
            }
        }
    }
}
