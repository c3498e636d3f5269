#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
/// `flags help [COMMAND]` and `flags help --man`: the overview, one command's help, or the
/// manual page in roff.
struct HelpCommand: FlagsCommand {
    static let name = "help"
    static let summary = "Show help on flags or on one command, or print the manual page"
    static let usage = "flags help [COMMAND] | flags help --man | flags help --markdown"
    static let help = "The same text as `flags --help` and `flags COMMAND --help`; --man prints flags.1, made from it."
    static let man = FlagOption("--man", help: "print the manual page (roff) instead, for man -l or to install")
    static let markdown = FlagOption("--markdown", help: "print the command reference as Markdown tables, as the README shows it")
    static let options: [any DeclaredOption] = [man, markdown]
    static let arguments = [ArgumentSpec(.commandName)]
    static let examples = [
        CommandExample("flags help --man > ~/.local/share/man/man1/flags.1", "install the man page; then `man flags`"),
        CommandExample("flags help --man | man -l -", "read it without installing it"),
    ]
    static var needsEnvironment: Bool { false }

    let topic: String?
    let manual: Bool
    let markdown: Bool

    init(arguments: inout ArgumentList) throws(CLIError) {
        manual = arguments.take(Self.man)
        markdown = arguments.take(Self.markdown)
        let words = try arguments.positionals(command: Self.name)
        guard words.count <= 1 else { throw .usage("expected at most one COMMAND", command: Self.name) }
        if manual && markdown { throw .usage("choose \(Self.man.name) or \(Self.markdown.name), not both", command: Self.name) }
        if (manual || markdown) && !words.isEmpty {
            throw .usage("\(manual ? Self.man.name : Self.markdown.name) prints every command; leave out '\(words[0])'", command: Self.name)
        }
        topic = words.first
    }

    func run(in context: CommandContext) throws {
        if markdown {
            context.console.print(HelpText.markdownReference(of: FlagsCommandLine.specs))
            return
        }
        if manual {
            context.console.print(ManPage.render(FlagsCommandLine.specs))
            return
        }
        context.console.print(try FlagsCommandLine.helpText(for: topic, width: context.console.outputWidth))
    }
}
#endif
