#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// One option a command (or the command line as a whole) accepts, declared once: help, the man
/// page, the completion scripts and the did-you-mean of a mistyped option all read it.
///
/// ```swift
/// OptionSpec(["--output"], value: .file, "write to FILE instead of standard output")
/// ```
struct OptionSpec: Sendable {
    /// Its spellings, the short one first (`-d`, `--description`).
    var names: [String]
    /// What follows it, or nil for a switch.
    var value: ValueKind?
    /// One sentence, lower case, no final full stop.
    var summary: String
    /// The value's word in help when the kind's own does not say enough (`FILE|URL`).
    var placeholder: String?

    init(_ names: [String], value: ValueKind? = nil, placeholder: String? = nil, _ summary: String) {
        self.names = names
        self.value = value
        self.placeholder = placeholder
        self.summary = summary
    }

    /// `-d, --description TEXT`: the option as help lists it.
    var label: String {
        names.joined(separator: ", ") + (value.map { " " + (placeholder ?? $0.placeholder) } ?? "")
    }
}
#endif
