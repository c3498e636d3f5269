#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments

/// A command that cannot go on: a usage mistake (exit 2) or a failure to do what was asked (exit 1).
///
/// ```swift
/// throw CLIError.usage("expected on or off, found 'maybe'", command: "set")
/// ```
public struct CLIError: Error, CustomStringConvertible {
    public enum Kind: Sendable { case usage, failure }

    public var kind: Kind
    public var message: String
    /// The command whose usage to point at, for usage errors.
    public var command: String?
    /// The option that was not recognized, for a did-you-mean.
    public var unknownOption: String?

    public static func usage(_ message: String, command: String? = nil) -> CLIError {
        CLIError(kind: .usage, message: message, command: command)
    }

    public static func failure(_ message: String) -> CLIError {
        CLIError(kind: .failure, message: message, command: nil)
    }

    /// Exit 1 with nothing more said: the command already printed its answer, and the status is
    /// part of it (`flags diff` found differences, as diff(1) exits 1).
    public static let answeredNo = CLIError(kind: .failure, message: "", command: nil)

    public var exitCode: Int32 { kind == .usage ? 2 : 1 }
    public var description: String { message }
}

extension CLIError {
    /// The parser's error as a usage error of `command`, an unknown option kept for a did-you-mean.
    init(_ error: ArgumentError, command: String?) {
        self = .usage(error.description, command: command)
        if error.reason == .unknownOption { unknownOption = error.word }
    }
}
#endif
