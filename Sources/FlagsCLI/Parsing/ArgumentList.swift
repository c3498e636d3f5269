#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// The words of a command line, consumed option by option by the command that owns them.
///
/// Options may come before or after positional arguments, as `--name value` or `--name=value`;
/// a lone `--` ends options. Whatever is left when a command has taken its own is a usage error,
/// so a typo never passes silently.
///
/// ```swift
/// var arguments = ArgumentList(["get", "x", "--json"])
/// arguments.flag("--json")        // true
/// arguments.positionals()         // ["get", "x"]
/// ```
struct ArgumentList {
    private var words: [String]
    /// Words after `--`, never treated as options.
    private(set) var trailing: [String] = []

    init(_ words: [String]) {
        if let end = words.firstIndex(of: "--") {
            self.words = Array(words[..<end])
            trailing = Array(words[(end + 1)...])
        } else {
            self.words = words
        }
    }

    /// Removes `name` (or any of its aliases) and says whether it was there.
    mutating func flag(_ names: String...) -> Bool {
        var found = false
        words.removeAll { word in
            let matches = names.contains(word)
            found = found || matches
            return matches
        }
        return found
    }

    /// Removes `name value` or `name=value` and returns the value (the last one wins).
    mutating func option(_ names: String..., command: String?) throws(CLIError) -> String? {
        var value: String?
        var index = 0
        while index < words.count {
            let word = words[index]
            if let name = names.first(where: { word.hasPrefix($0 + "=") }) {
                value = String(word.dropFirst(name.count + 1))
                words.remove(at: index)
            } else if names.contains(word) {
                guard index + 1 < words.count else { throw .usage("\(word) needs a value", command: command) }
                value = words[index + 1]
                words.removeSubrange(index...(index + 1))
            } else {
                index += 1
            }
        }
        return value
    }

    /// Like `option`, for a value that is a path: an empty one (`--output ''`, often an unset
    /// shell variable) would mean the working directory, so it is a usage error.
    mutating func pathOption(_ names: String..., command: String?, hint: String = "") throws(CLIError) -> String? {
        var value: String?
        for name in names {
            if let found = try option(name, command: command) {
                guard !found.isEmpty else { throw .usage("\(name) needs a path, found an empty one\(hint)", command: command) }
                value = found
            }
        }
        return value
    }

    /// Removes every `name value` / `name=value` and returns the values in order (repeatable options).
    mutating func options(_ name: String, command: String?) throws(CLIError) -> [String] {
        var values: [String] = []
        while let value = try firstOption(name, command: command) { values.append(value) }
        return values
    }

    private mutating func firstOption(_ name: String, command: String?) throws(CLIError) -> String? {
        guard let index = words.firstIndex(where: { $0 == name || $0.hasPrefix(name + "=") }) else { return nil }
        let word = words[index]
        if word != name {
            words.remove(at: index)
            return String(word.dropFirst(name.count + 1))
        }
        guard index + 1 < words.count else { throw .usage("\(name) needs a value", command: command) }
        defer { words.removeSubrange(index...(index + 1)) }
        return words[index + 1]
    }

    /// Removes `name`, `name value` or `name=value`, where the value is optional: the next word is
    /// its value only when `isValue` accepts it (`--remote` alone, or `--remote https://…`).
    /// Returns whether `name` was there, and its value.
    mutating func optionalValueOption(_ name: String, isValue: (String) -> Bool) -> (present: Bool, value: String?) {
        var result: (present: Bool, value: String?) = (false, nil)
        var index = 0
        while index < words.count {
            let word = words[index]
            if word.hasPrefix(name + "=") {
                result = (true, String(word.dropFirst(name.count + 1)))
                words.remove(at: index)
            } else if word == name {
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

    /// The words that are not options; any remaining option is an error naming it.
    mutating func positionals(command: String?) throws(CLIError) -> [String] {
        if let unknown = words.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            var error = CLIError.usage("unknown option \(unknown)", command: command)
            error.unknownOption = unknown
            throw error
        }
        defer { words.removeAll() }
        return words
    }

    /// For commands that take exactly one positional argument, `what` (`FILE`, `SLUG`): the
    /// word, or a usage error that names what is missing or that there were more.
    mutating func onePositional(_ what: String, command: String) throws(CLIError) -> String {
        let words = try positionals(command: command)
        guard words.count == 1 else { throw .usage(words.isEmpty ? "missing the \(what) to \(command)" : "expected one \(what)", command: command) }
        return words[0]
    }

    /// For commands that take no positional arguments: any option left or word given is a usage error.
    mutating func expectNoPositionals(command: String) throws(CLIError) {
        if let first = try positionals(command: command).first {
            throw .usage("unexpected argument '\(first)'", command: command)
        }
    }

    /// The option word just before the first word that is not an option, if there is one: in
    /// `--colour never list`, `--colour`, whose value `never` would otherwise pass for the command.
    var optionBeforeCommandName: String? {
        guard let index = words.firstIndex(where: { !$0.hasPrefix("-") }), index > 0, words[index - 1].hasPrefix("-") else { return nil }
        return words[index - 1]
    }

    /// The first word, if it is not an option, removed (the command name).
    mutating func popCommandName() -> String? {
        guard let index = words.firstIndex(where: { !$0.hasPrefix("-") }) else { return nil }
        return words.remove(at: index)
    }

    var isEmpty: Bool { words.isEmpty && trailing.isEmpty }
}
#endif
