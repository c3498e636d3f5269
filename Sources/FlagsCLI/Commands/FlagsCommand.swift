#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import FlagsTool

/// One subcommand of `flags`: its name, its help, how it reads its arguments and what it does.
///
/// Adding a command means writing one type that conforms and listing it in `FlagsCommandLine.commands`.
/// Each option is declared once, as a static `FlagOption` or `ValueOption` that the command's
/// `init` parses with and `options` lists: help, the man page and the completion scripts are
/// made from that list (`CommandSpec`), so `help` describes what the command does and leaves
/// the option list to `options`.
///
/// ```swift
/// struct HelloCommand: FlagsCommand {
///     static let name = "hello"; static let summary = "Say hello"; static let usage = "flags hello"; static let help = ""
///     init(arguments: inout ArgumentList) throws(CLIError) {}
///     func run(in context: CommandContext) throws { context.console.print("hello") }
/// }
/// ```
protocol FlagsCommand {
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The synopsis, e.g. `flags get ID [--json]`.
    static var usage: String { get }
    /// What the command does, shown by `flags COMMAND --help` before its options.
    static var help: String { get }
    /// The options it takes, for help, the man page, completion and did-you-mean.
    static var options: [any DeclaredOption] { get }
    /// Its positional arguments, for completion.
    static var arguments: [ArgumentSpec] { get }
    static var examples: [CommandExample] { get }
    /// Whether the command opens the app's registry and store (`help` and `version` do not).
    static var needsEnvironment: Bool { get }

    init(arguments: inout ArgumentList) throws(CLIError)
    func run(in context: CommandContext) throws
}

extension FlagsCommand {
    static var needsEnvironment: Bool { true }
    static var options: [any DeclaredOption] { [] }
    static var arguments: [ArgumentSpec] { [] }
    static var examples: [CommandExample] { [] }
}

/// What a running command works with.
struct CommandContext {
    let console: Console
    /// Whether tables are colored (`--color`, `NO_COLOR`, a terminal or not).
    var usesColor = false
    let options: FlagsOptions
    /// Opens the app's registry and store with the given options.
    let open: (FlagsOptions) throws -> FlagsEnvironment

    /// Prints a table, in color when the command line asked for it or a terminal shows it.
    func print(_ table: TextTable) { console.print(table, colored: usesColor) }

    /// A path from the command line, relative to the working directory unless absolute.
    func absolutePath(_ path: String) -> String { FlagsEnvironment.absolute(path, in: options.workingDirectory) }

    /// Whether the global options find no registry, so the command works on the tool's built-in
    /// demo: commands then say so, and refuse to edit its files, which are written anew on every run.
    var opensDemo: Bool { RegistryDiscovery.opensDemo(options) }

    /// The app's registry and store as the global options say, without notes or recovery.
    func openEnvironment() throws -> FlagsEnvironment { try open(options) }

    /// The app's flags, opened; a problem with the experiments is a warning, not a failure, so
    /// overrides can still be inspected and removed while the experiments file is being fixed.
    /// `adjust` changes the options for this command (e.g. how `fetch` asks the server).
    func environment(_ adjust: (inout FlagsOptions) -> Void = { _ in }) throws -> FlagsEnvironment {
        var adjusted = options
        adjust(&adjusted)
        let environment = try open(adjusted)
        // A matrix that was killed left its journal behind: put the overrides back before anything else.
        let journal = MatrixJournal(environment: environment)
        if journal.isAbandoned, let pid = journal.ownerPID, case let owner = journal.ownerCommand, (try? journal.recover()) == true {
            console.printError("note: restored the overrides that an interrupted `\(owner)` (process \(pid)) had changed")
        }
        if let problem = environment.experiments.loadProblem { console.printError("warning: \(problem)") }
        if let problem = environment.experiments.eventStoreProblem { console.printError("warning: \(problem)") }
        if let problem = environment.experiments.enrollmentWriteProblem { console.printError("warning: \(problem)") }
        // A forced branch that cannot apply (the record lost the branch, another app's record)
        // stays stored; saying so each time keeps it from silently doing nothing.
        for problem in environment.experiments.overrideProblems {
            console.printError("warning: \(problem); `flags unenroll` removes the forced branch")
        }
        if let note = environment.experiments.note { console.printError("note: \(note)") }
        if !adjusted.context.isEmpty {
            for warning in ContextArgument.warnings(for: adjusted.context, known: environment.experiments.client.attributes.context) {
                console.printError("warning: \(warning)")
            }
        }
        return environment
    }
}
#endif
