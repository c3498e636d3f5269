/// What an option's value or a positional argument is: the word that stands for it in usage
/// lines and help, and what a shell completion should offer for it.
///
/// The parser needs only the placeholder; a program names its own kinds of values (flag ids,
/// preset names) as a `domain` its completion looks up.
///
/// ```swift
/// ValueKind.file.placeholder                  // "FILE"
/// ValueKind.choice(["on", "off"]).placeholder // "on|off"
/// ValueKind(placeholder: "ID", domain: "flagID")
/// ```
public struct ValueKind: Sendable, Equatable {
    /// What a completion offers for the value.
    public enum Completion: Sendable, Equatable {
        /// Free text: nothing to offer.
        case none
        /// The shell's own file names.
        case files
        /// One of fixed words.
        case words([String])
        /// Values the program finds itself (a registry's flag ids), by the name it gives them.
        case domain(String)
    }

    /// The word that stands for the value in usage lines and help.
    public var placeholder: String
    public var completion: Completion

    public init(placeholder: String, completion: Completion) {
        self.placeholder = placeholder
        self.completion = completion
    }

    /// A kind the program completes itself, by the name `domain`.
    public init(placeholder: String, domain: String) {
        self.init(placeholder: placeholder, completion: .domain(domain))
    }

    /// A file name, completed by the shell.
    public static let file = ValueKind(placeholder: "FILE", completion: .files)
    /// A length of time (`90s`, `30m`, `2h`): nothing to complete.
    public static let duration = ValueKind(placeholder: "DURATION", completion: .none)

    /// Free text, shown as `placeholder` (`TEXT`, `UUID`, `K=V`); nothing to complete.
    public static func text(_ placeholder: String) -> ValueKind {
        ValueKind(placeholder: placeholder, completion: .none)
    }

    /// One of fixed words (`on|off`, `bash|zsh|fish`).
    public static func choice(_ words: [String]) -> ValueKind {
        ValueKind(placeholder: words.joined(separator: "|"), completion: .words(words))
    }
}
