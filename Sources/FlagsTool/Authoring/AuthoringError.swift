import FeatureFlags
/// Why `flags add`, `flags remove` or `flags generate` did not do what was asked, and what to do.
///
/// `invalidArgument` is a mistake in what was typed (the command line maps it to a usage error,
/// exit 2); `conflict` and `failed` are refusals and failures (exit 1). Every message names the
/// file or the name involved and the way out.
///
/// ```swift
/// do { _ = try FlagName(parsing: "New-thing") } catch { print(error.kind, error.message) }
/// ```
public struct AuthoringError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The arguments are wrong: a name that is not camelCase, a description that is too long.
        case invalidArgument
        /// The request clashes with what is already there: the flag or feature exists.
        case conflict
        /// The files could not be read, written or validated.
        case failed
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public static func invalidArgument(_ message: String) -> AuthoringError { AuthoringError(.invalidArgument, message) }
    public static func conflict(_ message: String) -> AuthoringError { AuthoringError(.conflict, message) }
    public static func failed(_ message: String) -> AuthoringError { AuthoringError(.failed, message) }

    public var description: String { message }
}
