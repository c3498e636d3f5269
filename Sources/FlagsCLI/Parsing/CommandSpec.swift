#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
/// Everything a command declares about itself, in one value: help (`flags COMMAND --help`),
/// the command list, the man page and the completion scripts are all rendered from these, so
/// none of them can name an option the command does not take.
///
/// ```swift
/// let spec = CommandSpec(ListCommand.self)
/// spec.options.map(\.label)   // the labels help lists, such as `--json`
/// ```
struct CommandSpec: Sendable {
    var name: String
    var summary: String
    var usage: String
    /// What the command does, in paragraphs; options and examples are listed after it.
    var about: String
    var options: [OptionSpec]
    var arguments: [ArgumentSpec]
    var examples: [CommandExample]

    init(_ type: any FlagsCommand.Type) {
        name = type.name
        summary = type.summary
        usage = type.usage
        about = type.help
        options = type.options.map(\.spec)
        arguments = type.arguments
        examples = type.examples
    }

    /// The option spelled `name` (either of its spellings), if the command takes it.
    func option(named name: String) -> OptionSpec? {
        options.first { $0.names.contains(name) }
    }

    /// What the positional argument at `index` (0 for the first) is, if anything; a switch
    /// among `given` that declares arguments of its own (`matrix --merge`) replaces the command's.
    func argument(at index: Int, given: [OptionSpec] = []) -> ArgumentSpec? {
        let arguments = given.last { $0.arguments != nil }?.arguments ?? arguments
        if index < arguments.count { return arguments[index] }
        return arguments.last.flatMap { $0.repeats ? $0 : nil }
    }
}
#endif
