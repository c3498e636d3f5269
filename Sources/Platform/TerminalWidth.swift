#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many columns a command's text may take on a stream: the terminal's width when the stream
/// is a terminal, else `COLUMNS` when it is set, else 80. Help wraps to it and tables are cut to
/// it, so nothing the terminal would wrap again is printed, and `flags log | head` is as wide as
/// a terminal.
///
/// ```swift
/// let width = TerminalWidth.columns(of: STDOUT_FILENO, columnsVariable: getenv("COLUMNS").map { String(cString: $0) })
/// ```
public enum TerminalWidth {
    /// The width when nothing says otherwise: the classic terminal's.
    public static let standard = 80
    /// Narrower than this, help and tables cannot be laid out; a smaller `COLUMNS` is taken as this.
    public static let minimum = 20

    /// The width for `descriptor`; `columnsVariable` is the `COLUMNS` environment variable.
    public static func columns(of descriptor: Int32, columnsVariable: String?) -> Int {
        if isatty(descriptor) == 1 {
            var size = winsize()
            if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return max(minimum, Int(size.ws_col)) }
        }
        if let text = columnsVariable, let columns = Int(text), columns > 0 { return max(minimum, columns) }
        return standard
    }
}
