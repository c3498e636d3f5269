/// The words of a command line, consumed option by option by the declarations that own them.
///
/// Options may come before or after positional arguments, as `--name value` or `--name=value`;
/// a lone `--` ends options. Whatever is left when a command has taken its own is an error,
/// so a typo never passes silently.
///
/// ```swift
/// let json = FlagOption.json("print JSON")
/// var arguments = ArgumentList(["get", "x", "--json"])
/// arguments.take(json)           // true
/// try arguments.positionals()    // ["get", "x"]
/// ```
public struct ArgumentList {
    private var words: [String]
    /// Words after `--`, never treated as options.
    public private(set) var trailing: [String] = []
    /// Whether a value may be a word that looks like an option (`--store --watch` stores at
    /// `--watch`), or such a word means the value is missing.
    private let valuesMayLookLikeOptions: Bool
    /// The switches taken, so that one written with a value is named as such.
    private var takenSwitches: [String] = []

    public init(_ words: [String], valuesMayLookLikeOptions: Bool = true) {
        if let end = words.firstIndex(of: "--") {
            self.words = Array(words[..<end])
            trailing = Array(words[(end + 1)...])
        } else {
            self.words = words
        }
        self.valuesMayLookLikeOptions = valuesMayLookLikeOptions
    }

    /// Removes the switch (any of its spellings) and says whether it was there.
    public mutating func take(_ flag: FlagOption) -> Bool {
        let names = flag.spec.spellings
        takenSwitches += names
        var found = false
        words.removeAll { word in
            let matches = names.contains(word)
            found = found || matches
            return matches
        }
        return found
    }

    /// Removes every `name value` / `name=value` of the option and returns its last value.
    public mutating func value(of option: ValueOption) throws(ArgumentError) -> String? {
        try values(of: option).last
    }

    /// Like `value(of:)`, for a value that is a path: an empty one (`--output ''`, often an
    /// unset shell variable) would mean the working directory, so it is an error, ending in `hint`.
    public mutating func path(of option: ValueOption, hint: String = "") throws(ArgumentError) -> String? {
        var value: String?
        for (word, found) in try occurrences(of: option) {
            guard !found.isEmpty else { throw ArgumentError(.emptyPath(hint: hint), word) }
            value = found
        }
        return value
    }

    /// Removes every `name value` / `name=value` of the option and returns the values in order
    /// (a repeatable option).
    public mutating func values(of option: ValueOption) throws(ArgumentError) -> [String] {
        try occurrences(of: option).map(\.value)
    }

    /// Each `name value` / `name=value` of the option in order, with the spelling used, removed.
    private mutating func occurrences(of option: ValueOption) throws(ArgumentError) -> [(name: String, value: String)] {
        let names = option.spec.spellings
        var found: [(name: String, value: String)] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if let name = names.first(where: { word.hasPrefix($0 + "=") }) {
                found.append((name, String(word.dropFirst(name.count + 1))))
                words.remove(at: index)
            } else if names.contains(word) {
                guard index + 1 < words.count, valuesMayLookLikeOptions || !Self.looksLikeOption(words[index + 1]) else {
                    throw ArgumentError(.needsValue, word)
                }
                found.append((word, words[index + 1]))
                words.removeSubrange(index...(index + 1))
            } else {
                index += 1
            }
        }
        return found
    }

    /// Removes an option whose value may be left out (its spec's `optionalValue` says which
    /// next words are the value): `--remote` alone, or `--remote https://…`, or `--remote=…`.
    /// Returns whether it was there, and its last value.
    public mutating func optionalValue(of option: ValueOption) -> (present: Bool, value: String?) {
        let names = option.spec.spellings
        let isValue = option.spec.optionalValue ?? { _ in true }
        var result: (present: Bool, value: String?) = (false, nil)
        var index = 0
        while index < words.count {
            let word = words[index]
            if let name = names.first(where: { word.hasPrefix($0 + "=") }) {
                result = (true, String(word.dropFirst(name.count + 1)))
                words.remove(at: index)
            } else if names.contains(word) {
                if index + 1 < words.count, isValue(words[index + 1]) {
                    result = (true, words[index + 1])
                    words.removeSubrange(index...(index + 1))
                } else {
                    result = (true, result.value)
                    words.remove(at: index)
                }
            } else {
                index += 1
            }
        }
        return result
    }

    /// The words that are not options; any option left is an error naming it.
    public mutating func positionals() throws(ArgumentError) -> [String] {
        if let unknown = words.first(where: Self.looksLikeOption) {
            let name = String(unknown.prefix { $0 != "=" })
            throw ArgumentError(name != unknown && takenSwitches.contains(name) ? .takesNoValue : .unknownOption,
                                name != unknown && takenSwitches.contains(name) ? name : unknown)
        }
        defer { words.removeAll() }
        return words
    }

    /// The option word just before the first word that is not an option, if there is one: in
    /// `--color never list`, `--color`, whose value `never` would otherwise pass for the command.
    public var optionBeforeCommandName: String? {
        guard let index = words.firstIndex(where: { !$0.hasPrefix("-") }), index > 0, words[index - 1].hasPrefix("-") else { return nil }
        return words[index - 1]
    }

    /// The first word, if it is not an option, removed (the command name).
    public mutating func popCommandName() -> String? {
        guard let index = words.firstIndex(where: { !$0.hasPrefix("-") }) else { return nil }
        return words.remove(at: index)
    }

    public var isEmpty: Bool { words.isEmpty && trailing.isEmpty }

    /// `-x` or `--name`, but not `-`, which names standard input or output.
    private static func looksLikeOption(_ word: String) -> Bool { word.hasPrefix("-") && word != "-" }
}
