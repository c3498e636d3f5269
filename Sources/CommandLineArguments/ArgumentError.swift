/// A command line the declared options cannot make sense of: which word, and what is wrong
/// with it. A program shows `description`, or words its own message from `reason` and `word`.
///
/// ```swift
/// ArgumentError(.needsValue, "--output").description   // "--output needs a value"
/// ```
public struct ArgumentError: Error, Equatable, CustomStringConvertible, Sendable {
    public enum Reason: Sendable, Equatable {
        /// A word that looks like an option and that nothing declared.
        case unknownOption
        /// An option that takes a value, last on the line.
        case needsValue
        /// A path option given an empty value (often an unset shell variable), with what to say after.
        case emptyPath(hint: String)
        /// A switch written with a value (`--watch=yes`).
        case takesNoValue
    }

    public var reason: Reason
    /// The word as typed: the option's spelling, or the whole `--name=value`.
    public var word: String

    public init(_ reason: Reason, _ word: String) {
        self.reason = reason
        self.word = word
    }

    public var description: String {
        switch reason {
        case .unknownOption: "unknown option \(word)"
        case .needsValue: "\(word) needs a value"
        case .emptyPath(let hint): "\(word) needs a path, found an empty one\(hint)"
        case .takesNoValue: "\(word) takes no value"
        }
    }
}
