#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeatureFlags
import FlagsTool
import Platform
import Prefs
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The `flags` command line: global options, subcommands, help and exit codes.
///
/// Exit codes: 0 success, 1 the request failed (unknown flag, store error, bad registry),
/// 2 usage error (unknown option, bad value, a terminal is needed but missing).
///
/// ```swift
/// let status = FlagsCommandLine.run(["list", "--json"], console: .standard())
/// ```
public enum FlagsCommandLine {
    public static let version = "0.1.0"

    static var commands: [any FlagsCommand.Type] {
        [MenuCommand.self, ListCommand.self, GetCommand.self, SetCommand.self, ResetCommand.self,
         ExperimentsCommand.self, ContextCommand.self, OptOutCommand.self, EventsCommand.self, ValidateCommand.self,
         ExportCommand.self, ImportCommand.self, PresetCommand.self, LogCommand.self, UndoCommand.self, PrefCommand.self, DiffCommand.self, MatrixCommand.self,
         FeaturesCommand.self, BuildFlagsCommand.self, AddCommand.self, StaleCommand.self, RemoveCommand.self, GenerateCommand.self, FetchCommand.self,
         PublishCommand.self, UnpublishCommand.self]
    }

    static let globalHelp = """
        Global options (anywhere on the line):
          --config PATH      the app's feature-flags.yaml (default: search the working directory
                             and its parents; without one, the built-in Bibimbap demo)
          --store PATH       the prefs store (default: $FLAGS_STORE, else
                             $XDG_STATE_HOME/feature-flags/<app>/prefs.sqlite)
          --channel NAME     a channel the manifest declares (Firefox for iOS: developer, beta,
                             release): the one to resolve, previewed with the override rules of
                             the build channel that stands for it (default: this build's,
                             \(BuildChannel.current.rawValue), or what the registry's channels: maps it to)
          --experiments SRC  experiment records instead of the registry's: a file of {"data": [...]}
                             or a Remote Settings URL (a server, or its .../records address)
          --offline          never ask a Remote Settings server; use the cached records
          --nimbus-id UUID   evaluate experiments as this client instead of the store's own
          --context K=V      an extra targeting attribute (repeatable; V is JSON or a string);
                             it wins over every other, and makes the run a preview that keeps
                             no enrolment
          -h, --help         show help (also: flags help COMMAND, flags COMMAND --help)
          --version          show the version and build channel

        A registry or experiments file that loaded cleanly is kept as a checked snapshot in
        $XDG_CACHE_HOME/feature-flags/snapshots (~/.cache/...), used while its files are
        unchanged; FLAGS_NO_CACHE=1 turns this off. Deleting the folder is always safe.
        """

    /// Runs `flags` with `arguments` (without the program name) and returns the exit status.
    /// Environments that a `flags` process keeps until it exits, instead of freeing them when its
    /// command ends: the process is about to exit, which returns the memory at once, while
    /// freeing a 10,000-flag app object by object was a third of `flags get` (callgrind).
    private static let keptUntilExit = Mutex<[FlagsEnvironment]>([])

    /// Runs one command line and returns its exit status.
    ///
    /// - Parameter keepsEnvironmentsUntilExit: true for the `flags` program, which exits right
    ///   after: the environments its command opened are not freed. Tests and embedders leave it false.
    public static func run(_ arguments: [String], console: Console, options base: FlagsOptions = FlagsOptions(),
                           keepsEnvironmentsUntilExit: Bool = false) -> Int32 {
        let status = runCommand(arguments, console: console, options: base, keepsEnvironmentsUntilExit: keepsEnvironmentsUntilExit)
        // Environments kept until exit are not freed, but their stores are closed: a connection
        // left open at exit leaves its changes in prefs.sqlite-wal, which a `mv prefs.sqlite`
        // (the tool's own advice for a bad store) would leave behind.
        keptUntilExit.withLock { environments in
            for environment in environments { environment.prefs.close(emptyingJournal: false) }
        }
        return finalStatus(status, console: console)
    }

    /// A result that did not reach standard output is a failure (`flags export > file` on a
    /// full disk must not leave an empty file and exit 0). A reader that closed the pipe early
    /// (`| head`) wanted no more: that ends quietly, with the status a SIGPIPE death would give.
    private static func finalStatus(_ status: Int32, console: Console) -> Int32 {
        guard let failure = console.outputFailure else { return status }
        if failure == EPIPE { return 128 + SIGPIPE }
        console.printError("flags: cannot write standard output: \(ErrorText.systemMessage(failure))")
        return 1
    }

    private static func runCommand(_ arguments: [String], console: Console, options base: FlagsOptions,
                                   keepsEnvironmentsUntilExit: Bool) -> Int32 {
        var arguments = ArgumentList(arguments)
        var commandName: String?
        do {
            var options = base
            options.configPath = try arguments.option("--config", command: nil) ?? options.configPath
            if let store = try arguments.option("--store", command: nil) {
                // An empty path would name the working directory: never what was meant.
                guard !store.isEmpty else { throw CLIError.usage("--store needs a file path, not an empty one (leave out --store for the default store)") }
                options.storePath = store
            }
            // Checked against the manifest's channels when the registry is open.
            if let channel = try arguments.option("--channel", command: nil) {
                guard !channel.isEmpty else { throw CLIError.usage("--channel needs a channel name of the manifest") }
                options.channel = ChannelName(channel)
            }
            options.experiments = try arguments.option("--experiments", command: nil) ?? options.experiments
            if arguments.flag("--offline") { options.fetchPolicy = .cacheOnly }
            if let id = try arguments.option("--nimbus-id", command: nil) {
                guard UUID(uuidString: id) != nil else {
                    throw CLIError.usage("--nimbus-id expects a UUID such as 3d2142de-53bf-2d48-a92d-45fb7036cbf6, found '\(id)'")
                }
                options.nimbusID = id.lowercased()
            }
            for pair in try arguments.options("--context", command: nil) {
                let (key, value) = try ContextArgument.parse(pair)
                options.context[key] = value
            }
            let wantsHelp = arguments.flag("--help", "-h")
            if arguments.flag("--version") {
                console.print("flags \(version) (\(BuildChannel.current.rawValue) build)")
                return 0
            }
            commandName = arguments.popCommandName()
            if commandName == "help" {
                let topic = try arguments.positionals(command: "help").first
                console.print(try helpText(for: topic))
                return 0
            }
            if wantsHelp {
                console.print(try helpText(for: commandName))
                return 0
            }
            // No command: open the menu.
            let name = commandName ?? MenuCommand.name
            guard let type = commands.first(where: { $0.name == name }) else {
                let hint = NearestName.find(name, among: commands.map { $0.name }).map { " (did you mean '\($0)'?)" } ?? ""
                throw CLIError.usage("unknown command '\(name)'\(hint)")
            }
            let command = try type.init(arguments: &arguments)
            let finalOptions = options
            let open: (FlagsOptions) throws -> FlagsEnvironment = { options in
                let environment: FlagsEnvironment
                do {
                    environment = try RegistryDiscovery.open(options)
                } catch let error as ChannelError where error.given != nil {
                    // A mistyped --channel is a usage error, like any other option's.
                    throw CLIError.usage(error.message)
                }
                // The store's history says which command made each change.
                environment.prefs.changeAuthor = name == MenuCommand.name ? "menu" : "flags \(name)"
                if keepsEnvironmentsUntilExit { keptUntilExit.withLock { $0.append(environment) } }
                return environment
            }
            try command.run(in: CommandContext(console: console, options: finalOptions, open: open))
            return 0
        } catch let error as CLIError {
            console.printError("flags: \(error.message)")
            if error.kind == .usage {
                let usage = commandName.flatMap { name in commands.first { $0.name == name }?.usage } ?? "flags [COMMAND] [OPTIONS]"
                console.printError("usage: \(usage)\nTry 'flags \(commandName.map { "\($0) " } ?? "")--help' for more.")
            }
            return error.exitCode
        } catch {
            console.printError("flags: error: \(ErrorText.sentence(error))")
            return 1
        }
    }

    static func helpText(for topic: String?) throws(CLIError) -> String {
        if let topic {
            guard let type = commands.first(where: { $0.name == topic }) else {
                throw CLIError.usage("no help for unknown command '\(topic)'")
            }
            return "usage: \(type.usage)\n\n\(type.summary).\n\n\(type.help)\n\n\(globalHelp)"
        }
        let width = commands.map { $0.name.count }.max() ?? 0
        let list = commands.map { "  \($0.name.padded(toWidth: width))  \($0.summary)" }.joined(separator: "\n")
        return """
            flags: the Feature Flags debug tool of a Nimbus app (\(BuildChannel.current.rawValue) build)

            usage: flags [COMMAND] [OPTIONS]

            Commands:
            \(list)

            \(globalHelp)

            Exit status: 0 success, 1 failure, 2 usage error.
            """
    }
}
#endif
