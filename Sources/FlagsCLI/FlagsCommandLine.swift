#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
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
/// let status = FlagsCommandLine.run(["list"], console: .standard())
/// ```
public enum FlagsCommandLine {
    public static let version = "0.1.0"

    static var commands: [any FlagsCommand.Type] {
        [MenuCommand.self, ListCommand.self, GetCommand.self, SetCommand.self, ResetCommand.self,
         ExperimentsCommand.self, InfoCommand.self, EvalJexlCommand.self, EnrollCommand.self, UnenrollCommand.self, ContextCommand.self,
         OptOutCommand.self, ResetEnrollmentsCommand.self, EventsCommand.self, ValidateCommand.self,
         ExportCommand.self, ImportCommand.self, PresetCommand.self, LogCommand.self, UndoCommand.self, PrefCommand.self, DiffCommand.self, MatrixCommand.self, BisectCommand.self, CombinationsCommand.self,
         FeaturesCommand.self, FeatureCommand.self, TestFeatureCommand.self, BuildFlagsCommand.self, AddCommand.self, StaleCommand.self, RemoveCommand.self, GenerateCommand.self, FetchCommand.self,
         PublishCommand.self, UnpublishCommand.self, CompletionCommand.self, HelpCommand.self]
    }

    /// The command table as help, the man page and completion read it.
    static var specs: [CommandSpec] { commands.map(CommandSpec.init) }

    /// The hidden command the completion scripts run at each Tab (`Completer`).
    static let completeCommand = "__complete"

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
        if arguments.first == completeCommand {
            // Before any parsing: the words being completed are half-typed and may be anything.
            for candidate in Completer(specs: specs, options: base).candidates(for: Array(arguments.dropFirst())) {
                console.printFields([candidate.word] + (candidate.description.map { [$0] } ?? []))
            }
            return 0
        }
        var arguments = ArgumentList(arguments)
        var commandName: String?
        do {
            var options = base
            var color = ColorChoice.auto
            let spec = CommandLineSpec.self
            if let choice = try arguments.value(of: spec.color, command: nil) {
                guard let parsed = ColorChoice(rawValue: choice) else {
                    let words = ColorChoice.allCases.map(\.rawValue)
                    throw CLIError.usage("unknown \(spec.color.name) '\(choice)'\(NearestName.suggestion(for: choice, among: words)); expected auto, always or never")
                }
                color = parsed
            }
            options.configPath = try arguments.value(of: spec.config, command: nil) ?? options.configPath
            if let store = try arguments.value(of: spec.store, command: nil) {
                // An empty path would name the working directory: never what was meant.
                guard !store.isEmpty else {
                    throw CLIError.usage("\(spec.store.name) needs a file path, not an empty one (leave out \(spec.store.name) for the default store)")
                }
                options.storePath = store
            }
            // Checked against the manifest's channels when the registry is open.
            if let channel = try arguments.value(of: spec.channel, command: nil) {
                guard !channel.isEmpty else { throw CLIError.usage("\(spec.channel.name) needs a channel name of the manifest") }
                options.channel = ChannelName(channel)
            }
            options.experiments = try arguments.value(of: spec.experiments, command: nil) ?? options.experiments
            if arguments.take(spec.offline) { options.fetchPolicy = .cacheOnly }
            if let id = try arguments.value(of: spec.nimbusID, command: nil) {
                guard UUID(uuidString: id) != nil else {
                    throw CLIError.usage("\(spec.nimbusID.name) expects a UUID such as 3d2142de-53bf-2d48-a92d-45fb7036cbf6, found '\(id)'")
                }
                options.nimbusID = id.lowercased()
            }
            for pair in try arguments.values(of: spec.context, command: nil) {
                let (key, value) = try ContextArgument.parse(pair)
                options.context[key] = value
            }
            let wantsHelp = arguments.take(spec.help)
            if arguments.take(spec.version) {
                console.print("flags \(version) (\(BuildChannel.current.rawValue) build)")
                return 0
            }
            let optionBeforeCommand = arguments.optionBeforeCommandName
            commandName = arguments.popCommandName()
            if wantsHelp {
                console.print(try helpText(for: commandName, width: console.outputWidth))
                return 0
            }
            // No command: open the menu.
            let name = commandName ?? MenuCommand.name
            guard let type = commands.first(where: { $0.name == name }) else {
                // `--color never list`: the unknown word is the value of an option nobody
                // knows, and that option is the typo to name.
                if let option = optionBeforeCommand, !knownOptionNames.contains(String(option.prefix { $0 != "=" })) {
                    var error = CLIError.usage("unknown option \(option)")
                    error.unknownOption = option
                    throw error
                }
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
            let usesColor = color.isOn(outputIsTerminal: console.outputIsTerminal, environment: options.environment)
            try command.run(in: CommandContext(console: console, usesColor: usesColor, options: finalOptions, open: open))
            return 0
        } catch let error as CLIError {
            let known = commandName.flatMap { name in specs.first { $0.name == name } }
            if error.message.isEmpty { return error.exitCode }
            console.printError("flags: \(error.message)\(optionHint(error, command: known))")
            if error.kind == .usage {
                // Help is offered only for a command that exists: the nearest one to a typo.
                let helpFor = known?.name ?? commandName.flatMap { NearestName.find($0, among: specs.map(\.name)) }
                console.printError(HelpText.usage(known?.usage ?? "flags [COMMAND] [OPTIONS]", width: console.errorWidth)
                                   + "\nTry 'flags \(helpFor.map { "\($0) " } ?? "")--help' for more.")
            }
            return error.exitCode
        } catch {
            console.printError("flags: error: \(ErrorText.sentence(error))")
            return 1
        }
    }

    /// " (did you mean '--json'?)" for an unknown option near one the command or the command
    /// line takes.
    /// Without a near one, the options the command takes are listed, so that `-7` is not
    /// answered with a bare "unknown option".
    private static func optionHint(_ error: CLIError, command: CommandSpec?) -> String {
        guard let unknown = error.unknownOption else { return "" }
        if let nearest = OptionSpec.nearestName(to: unknown, among: CommandLineSpec.globalOptions + (command?.options ?? [])) {
            return " (did you mean '\(nearest)'?)"
        }
        let own = (command?.options ?? []).map { $0.names.joined(separator: "/") }
        let takes = own.isEmpty ? "no options of its own" : own.joined(separator: ", ")
        return "; `flags\(command.map { " \($0.name)" } ?? "")` takes \(takes), and the global options of `flags --help`"
    }

    /// Every option spelling of the command line and of every command.
    private static var knownOptionNames: Set<String> {
        Set((CommandLineSpec.globalOptions + specs.flatMap(\.options)).flatMap(\.names))
    }

    static func helpText(for topic: String?, width: Int) throws(CLIError) -> String {
        guard let topic else { return HelpText.overview(of: specs, width: width) }
        guard let spec = specs.first(where: { $0.name == topic }) else {
            let hint = NearestName.find(topic, among: specs.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
            throw CLIError.usage("no help for unknown command '\(topic)'\(hint)")
        }
        return HelpText.command(spec, width: width)
    }
}
#endif
