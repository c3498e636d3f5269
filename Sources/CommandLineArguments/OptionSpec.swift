import Platform

/// What an option is, as help, a man page, completion and a did-you-mean read it: its
/// spellings, its value, one line about it. A program declares each option once, as a
/// `FlagOption` or a `ValueOption` holding one of these, and parses with that same value.
public struct OptionSpec: Sendable {
    /// Its spellings, in the order help lists them (`-d, --description`).
    public var names: [String]
    /// Other spellings the parser accepts and help does not show (`--color` beside `--color`).
    public var aliases: [String]
    /// What follows it, or nil for a switch.
    public var value: ValueKind?
    /// One sentence, lower case, no final full stop.
    public var summary: String
    /// The value's word in help when the kind's own does not say enough (`FILE|URL`).
    public var placeholder: String?
    /// For an option whose value may be left out (`--remote` alone, or `--remote URL`): which
    /// next words are its value. The parser and completion both ask this, so they agree on
    /// whether the next word is the value or a positional argument.
    public var optionalValue: (@Sendable (String) -> Bool)?
    /// A switch that changes what the positional arguments are (`--merge RESULT...` takes
    /// files, not ids): completion offers these instead of the command's own.
    public var arguments: [ArgumentSpec]?

    public init(_ names: [String], aliases: [String] = [], value: ValueKind? = nil, placeholder: String? = nil,
                optionalValue: (@Sendable (String) -> Bool)? = nil, arguments: [ArgumentSpec]? = nil, _ summary: String) {
        precondition(!names.isEmpty && (names + aliases).allSatisfy { $0.hasPrefix("-") }, "an option is spelled with a leading dash")
        self.names = names
        self.aliases = aliases
        self.value = value
        self.placeholder = placeholder
        self.optionalValue = optionalValue
        self.arguments = arguments
        self.summary = summary
    }

    /// Every spelling the parser accepts: the names, then the aliases.
    public var spellings: [String] { names + aliases }

    /// The spelling messages name it by: the long one when it has one.
    public var name: String { names.first { $0.hasPrefix("--") } ?? names[0] }

    /// The value's word as usage and help show it: `URL`, or `[URL]` when it may be left out.
    public var valueLabel: String? {
        value.map { kind in
            let word = placeholder ?? kind.placeholder
            return optionalValue == nil ? word : "[\(word)]"
        }
    }

    /// `-d, --description TEXT`: the option as help lists it.
    public var label: String {
        names.joined(separator: ", ") + (valueLabel.map { " " + $0 } ?? "")
    }

    /// The long spelling among `options` nearest to the mistyped `word` (`--jsn`, or
    /// `--jsn=1`), for a did-you-mean.
    public static func nearestName(to word: String, among options: [OptionSpec]) -> String? {
        let typed = String(word.prefix { $0 != "=" })
        return NearestName.find(typed, among: options.flatMap(\.names).filter { $0.hasPrefix("--") })
    }
}
