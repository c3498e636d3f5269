#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
#if canImport(Glibc)
import Glibc
#endif
import Formats
import Platform
import Synchronization

/// Where a command writes: standard output for results, standard error for notes and errors.
///
/// Every text passes `TerminalSafeText` on its way out, whether or not the stream is a
/// terminal (a log or a file is read on one later): slugs, titles and server messages may hold
/// escape sequences. Only `printJSON` writes its text as it is, since JSON escapes what is unsafe.
/// A failed write to standard output is remembered (`outputFailure`) so the command can fail
/// instead of passing an empty file for a result.
///
/// Tests use `Console.capturing()` to read what a command printed.
///
/// ```swift
/// let console = Console.capturing()
/// console.print("hello")
/// console.output   // "hello\n"
/// ```
public final class Console: Sendable {
    /// Whether text is kept instead of written: the console of a test.
    private let isCapturing: Bool
    private let captured = Mutex<(output: String, errors: String)>(("", ""))
    private let failedOutput = Mutex<Int32?>(nil)
    /// The answers a capturing console gives to `confirm`, in order (a test's keyboard).
    private let scriptedAnswers = Mutex<[String]>([])
    /// Whether standard output and standard error are terminals (notes for people go there only then).
    public let outputIsTerminal: Bool
    public let errorIsTerminal: Bool
    /// The columns help and tables may take on standard output and error (`TerminalWidth`):
    /// a terminal's width, else `COLUMNS`, else 80.
    public let outputWidth: Int
    public let errorWidth: Int

    private init(capturing: Bool, width: Int = TerminalWidth.standard) {
        isCapturing = capturing
        outputIsTerminal = !capturing && isatty(STDOUT_FILENO) == 1
        errorIsTerminal = !capturing && isatty(STDERR_FILENO) == 1
        let columns = getenv("COLUMNS").map { String(cString: $0) }
        outputWidth = capturing ? width : TerminalWidth.columns(of: STDOUT_FILENO, columnsVariable: columns)
        errorWidth = capturing ? width : TerminalWidth.columns(of: STDERR_FILENO, columnsVariable: columns)
    }

    /// The process's own standard output and error.
    public static func standard() -> Console { Console(capturing: false) }

    /// A console that keeps everything written, for tests; `answers` are what `confirm` reads,
    /// and `width` stands for the terminal's (80, as for a file, unless told).
    public static func capturing(answers: [String] = [], width: Int = TerminalWidth.standard) -> Console {
        let console = Console(capturing: true, width: width)
        console.scriptedAnswers.withLock { $0 = answers }
        return console
    }

    public var output: String { captured.withLock { $0.output } }
    public var errors: String { captured.withLock { $0.errors } }

    /// The `errno` of the first write to standard output that failed (`ENOSPC`, `EPIPE`, ...);
    /// nothing more is written after it.
    public var outputFailure: Int32? { failedOutput.withLock { $0 } }

    /// Writes a line of human-readable output, made safe for a terminal (line breaks kept).
    public func print(_ text: String = "") {
        writeOutput(TerminalSafeText.sanitized(text, keepingLineBreaks: true) + "\n")
    }

    /// Writes a table cut to `outputWidth`, colored when `colored` (see `TextTable.render`,
    /// which makes every cell safe before adding its color; nothing is sanitized after, which
    /// would strip it).
    func print(_ table: TextTable, colored: Bool = false) {
        var bytes = table.renderedBytes(colored: colored, width: outputWidth)
        bytes.append(UInt8(ascii: "\n"))
        // Written as the bytes they are: a listing of 100,000 flags is megabytes, and making a
        // `String` of them copied and validated them once more.
        bytes.withUnsafeBytes { writeOutput($0) }
    }

    /// Writes one line of tab-separated fields, each made safe for a terminal on one line (a
    /// tab inside a field becomes `?`, so the tabs written are only the separators).
    func printFields(_ fields: [String]) {
        writeOutput(fields.map { TerminalSafeText.sanitized($0) }.joined(separator: "\t") + "\n")
    }

    /// Writes `value` as indented JSON, exactly: JSON's own escapes keep it safe for a terminal.
    public func printJSON(_ value: JSONValue) {
        writeOutput(value.prettyText + "\n")
    }

    /// Writes a line to standard error, made safe for a terminal (line breaks kept).
    public func printError(_ text: String) {
        let line = TerminalSafeText.sanitized(text, keepingLineBreaks: true) + "\n"
        if isCapturing { captured.withLock { $0.errors += line } } else { StandardStreams.writeError(line) }
    }

    /// Asks `question` on standard error, followed by ` y/n `, and reads the answer from
    /// standard input: true for y or yes. Nil when nobody can answer (standard input is not a
    /// terminal, or a test gave no answer), so a command asks for `--yes` instead of guessing.
    public func confirm(_ question: String) -> Bool? {
        let answer: String?
        if isCapturing {
            answer = scriptedAnswers.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            guard answer != nil else { return nil }
            captured.withLock { $0.errors += TerminalSafeText.sanitized(question) + " y/n " }
        } else {
            guard isatty(STDIN_FILENO) == 1 else { return nil }
            StandardStreams.writeError(TerminalSafeText.sanitized(question) + " y/n ")
            answer = Swift.readLine()
        }
        return ["y", "yes"].contains((answer ?? "").trimmingSpaces().lowercased())
    }

    private func writeOutput(_ text: String) {
        var text = text
        text.withUTF8 { writeOutput(UnsafeRawBufferPointer($0)) }
    }

    /// `bytes` are UTF-8 text: a test's capture keeps them as a `String`.
    private func writeOutput(_ bytes: UnsafeRawBufferPointer) {
        if isCapturing { captured.withLock { $0.output += String(decoding: bytes, as: UTF8.self) }; return }
        failedOutput.withLock { failure in
            guard failure == nil else { return }
            failure = StandardStreams.writeOutput(bytes)
        }
    }
}
#endif
