#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
/// `flags completion bash|zsh|fish`: prints the shell's completion script.
struct CompletionCommand: FlagsCommand {
    static let name = "completion"
    static let summary = "Print the completion script for bash, zsh or fish"
    static let usage = "flags completion bash|zsh|fish"
    static let help = """
        Prints a script that completes commands, options, flag ids, preset names, experiment
        slugs and channels; the values are read from the app when Tab is pressed (never from a
        server), so the script never needs updating when flags are added. Load it:
        \(CompletionScript.Shell.allCases.map { "  " + $0.installation }.joined(separator: "\n"))
        """
    static let arguments = [ArgumentSpec(.choice(CompletionScript.Shell.allCases.map(\.rawValue)))]
    static let examples = [
        CommandExample("source <(flags completion bash)", "completion in this bash"),
        CommandExample("flags completion zsh > ~/.zfunc/_flags", "install it for zsh (with fpath+=(~/.zfunc) before compinit)"),
    ]
    static var needsEnvironment: Bool { false }

    let shell: CompletionScript.Shell

    init(arguments: inout ArgumentList) throws(CLIError) {
        let words = try arguments.positionals(command: Self.name)
        guard words.count == 1, let shell = CompletionScript.Shell(rawValue: words[0]) else {
            throw .usage(words.isEmpty ? "missing the shell: bash, zsh or fish"
                         : "expected one shell, bash, zsh or fish; found '\(words.joined(separator: " "))'", command: Self.name)
        }
        self.shell = shell
    }

    func run(in context: CommandContext) throws {
        context.console.print(shell.script)
    }
}
#endif
