#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Platform
import CommandLineArguments
#if canImport(Glibc)
import Glibc
#endif
import DebugMenu
import FeatureFlags
import FlagsTool

/// `flags menu` (also plain `flags`): opens the Feature Flags debug menu in the terminal.
///
/// Opens the store with the cached experiments only (the menu fetches from a Remote Settings
/// server in the background). Refuses with exit status 2 when standard input or output is not a
/// terminal or `TERM` cannot draw; after SIGINT/SIGTERM/SIGHUP it restores the terminal and exits with 128 + signal.
struct MenuCommand: FlagsCommand {
    static let name = "menu"
    static let summary = "Open the Feature Flags debug menu (the default without a command)"
    static let usage = "flags [menu] [--config PATH] [--store PATH] [--channel CHANNEL]"
    static let help = """
        Opens the full-screen Feature Flags debug menu: one switch per debuggable flag (a debug
        override, stored persistently and seen by every process), the user preferences, the
        effective value of every flag and the build flags. It needs a terminal; in scripts use
        the other commands (list, get, set, reset).

        \(FeatureFlagsDebugMenu.keyHelp)
        """

    init(arguments: inout ArgumentList) throws(CLIError) {
        try arguments.expectNoPositionals(command: Self.name)
    }

    func run(in context: CommandContext) throws {
        do {
            // Refuse before opening (and maybe creating) a store when there is no terminal.
            try Terminal.checkUsable()
            // Never wait for a Remote Settings server before the first frame: open on the cached
            // experiments, and let the menu fetch in the background (unless --offline said not to).
            let fetch = context.options.fetchPolicy
            let environment = try openCachedEnvironment(in: context)
            if case .signal(let number) = try FeatureFlagsDebugMenu.run(environment: environment, isDemo: context.opensDemo, experimentsFetch: fetch) {
                exit(128 + number)
            }
        } catch let error as TerminalError {
            throw CLIError.usage(error.description, command: Self.name)
        }
    }

    /// `context.environment()` with the cached experiments only. A Remote Settings source's
    /// state is left to the menu's header (a "not fetched" warning would be wrong: the menu
    /// fetches); a problem with an experiments file is still printed.
    private func openCachedEnvironment(in context: CommandContext) throws -> FlagsEnvironment {
        var options = context.options
        options.fetchPolicy = .cacheOnly
        let environment = try context.open(options)
        let journal = MatrixJournal(environment: environment)
        if journal.isAbandoned, let pid = journal.ownerPID, case let owner = journal.ownerCommand, (try? journal.recover()) == true {
            context.console.printError("note: restored the overrides that an interrupted `\(owner)` (process \(pid)) had changed")
        }
        if !ExperimentsStatusText.isRemote(environment.experiments) {
            if let problem = environment.experiments.loadProblem { context.console.printError("warning: \(problem)") }
            if let problem = environment.experiments.eventStoreProblem { context.console.printError("warning: \(problem)") }
            if let note = environment.experiments.note { context.console.printError("note: \(note)") }
        }
        if let problem = environment.experiments.enrollmentWriteProblem { context.console.printError("warning: \(problem)") }
        return environment
    }
}
#endif
