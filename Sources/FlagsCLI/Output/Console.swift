#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Platform
import Synchronization

/// Where a command writes: standard output for results, standard error for notes and errors.
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
    /// Whether standard output and standard error are terminals (notes for people go there only then).
    public let outputIsTerminal: Bool
    public let errorIsTerminal: Bool

    private init(capturing: Bool) {
        isCapturing = capturing
        outputIsTerminal = !capturing && isatty(STDOUT_FILENO) == 1
        errorIsTerminal = !capturing && isatty(STDERR_FILENO) == 1
    }

    /// The process's own standard output and error.
    public static func standard() -> Console { Console(capturing: false) }

    /// A console that keeps everything written, for tests.
    public static func capturing() -> Console { Console(capturing: true) }

    public var output: String { captured.withLock { $0.output } }
    public var errors: String { captured.withLock { $0.errors } }

    public func print(_ text: String = "") {
        if isCapturing { captured.withLock { $0.output += text + "\n" } } else { StandardStreams.writeOutput(text + "\n") }
    }

    public func printError(_ text: String) {
        if isCapturing { captured.withLock { $0.errors += text + "\n" } } else { StandardStreams.writeError(text + "\n") }
    }
}
#endif
