#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments

/// The parser's reads for a `flags` command: a mistake is a usage error of that command
/// (`CLIError`, exit 2, its usage line after the message).
///
/// ```swift
/// let output = try arguments.path(of: Self.output, command: Self.name)
/// ```
extension ArgumentList {
    mutating func value(of option: ValueOption, command: String?) throws(CLIError) -> String? {
        do { return try value(of: option) } catch { throw CLIError(error, command: command) }
    }

    mutating func values(of option: ValueOption, command: String?) throws(CLIError) -> [String] {
        do { return try values(of: option) } catch { throw CLIError(error, command: command) }
    }

    mutating func path(of option: ValueOption, command: String?, hint: String = "") throws(CLIError) -> String? {
        do { return try path(of: option, hint: hint) } catch { throw CLIError(error, command: command) }
    }

    /// The words that are not options; any remaining option is an error naming it.
    mutating func positionals(command: String?) throws(CLIError) -> [String] {
        do { return try positionals() } catch { throw CLIError(error, command: command) }
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
}
#endif
