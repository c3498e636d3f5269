#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// One option a command (or the command line as a whole) accepts, declared once: help, the man
/// page, the completion scripts and the did-you-mean of a mistyped option all read it.
///
/// ```swift
/// OptionSpec(["--output"], value: .file, "write to FILE instead of standard output")
/// OptionSpec(["--remote"], value: .text("URL"), optionalValue: { $0.contains("://") }, "the server")
/// OptionSpec(["--merge"], arguments: [ArgumentSpec(.file, repeats: true)], "merge RESULT files")
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
    /// For an option whose value may be left out (`--remote` alone, or `--remote URL`): which
    /// next words are its value. The command's parser and completion both ask this, so they
    /// agree on whether `--remote checkout` names a server or leaves `checkout` a positional.
    var optionalValue: (@Sendable (String) -> Bool)?
    /// A switch that changes what the positional arguments are (`matrix --merge RESULT...`
    /// takes files, not flag ids): completion offers these instead of the command's own.
    var arguments: [ArgumentSpec]?

    init(_ names: [String], value: ValueKind? = nil, placeholder: String? = nil, optionalValue: (@Sendable (String) -> Bool)? = nil,
         arguments: [ArgumentSpec]? = nil, _ summary: String) {
        self.names = names
        self.value = value
        self.placeholder = placeholder
        self.optionalValue = optionalValue
        self.arguments = arguments
        self.summary = summary
    }

    /// The value's word as usage and help show it: `URL`, or `[URL]` when it may be left out.
    var valueLabel: String? {
        value.map { kind in
            let word = placeholder ?? kind.placeholder
            return optionalValue == nil ? word : "[\(word)]"
        }
    }

    /// `-d, --description TEXT`: the option as help lists it.
    var label: String {
        names.joined(separator: ", ") + (valueLabel.map { " " + $0 } ?? "")
    }
}
#endif
