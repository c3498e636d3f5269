import Foundation

/// Where the app writes: standard output and error, and whether output goes to a terminal.
///
/// Use `standard()` in the executable; tests make one with closures that capture the text.
///
/// ```swift
/// let console = BibimbapConsole.standard()
/// console.write("hello\n")
/// ```
public struct BibimbapConsole: Sendable {
    /// Whether standard output is a terminal: color and clearing the screen depend on it.
    public var isTerminal: Bool
    public var write: @Sendable (String) -> Void
    public var writeError: @Sendable (String) -> Void
    /// The terminal's width in columns now, nil when unknown (not a terminal): asked again
    /// after every resize, so the screen follows its pane.
    public var columns: @Sendable () -> Int?

    public init(isTerminal: Bool, write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
                columns: @escaping @Sendable () -> Int? = { nil }) {
        self.isTerminal = isTerminal
        self.write = write
        self.writeError = writeError
        self.columns = columns
    }

    /// The process's standard output and error, written unbuffered so each frame appears whole.
    public static func standard() -> BibimbapConsole {
        BibimbapConsole(
            isTerminal: isatty(STDOUT_FILENO) == 1,
            write: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) },
            columns: {
                var size = winsize()
                guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
                return Int(size.ws_col)
            })
    }
}
