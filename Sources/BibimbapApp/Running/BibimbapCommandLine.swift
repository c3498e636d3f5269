import FeatureFlags
import FlagsTool
import Foundation

/// The `bibimbap` demo app from start to exit: parse the command line, open the flags, register
/// the services in `AppContainer`, and draw the home screen once or, with `--watch`, whenever the
/// store changes.
///
/// Use it from the executable's `main.swift`; tests call `run` with their own console,
/// environment and stop condition. Exit status: 0 success (also after Ctrl-C in `--watch`),
/// 1 the flags could not be opened, 2 a usage error.
///
/// ```swift
/// exit(BibimbapCommandLine.run(Array(CommandLine.arguments.dropFirst()), console: .standard()))
/// ```
public enum BibimbapCommandLine {
    /// Clears a terminal and puts the cursor top left, before each frame of `--watch`.
    public static let clearScreen = "\u{1B}[H\u{1B}[2J"

    /// Runs the app and returns its exit status.
    ///
    /// - Parameter stopWhen: for `--watch`, when to stop; nil listens for Ctrl-C, SIGTERM and SIGHUP.
    public static func run(_ words: [String], console: BibimbapConsole,
                           environment: [String: String] = ProcessInfo.processInfo.environment,
                           workingDirectory: String = FileManager.default.currentDirectoryPath,
                           stopWhen: (() -> Bool)? = nil) -> Int32 {
        let arguments: BibimbapArguments
        do {
            arguments = try BibimbapArguments.parse(words)
        } catch {
            console.writeError("bibimbap: \(error)\nTry 'bibimbap --help'.\n")
            return 2
        }
        if arguments.showHelp {
            console.write(BibimbapArguments.help)
            return 0
        }

        var flagsEnvironment: FlagsEnvironment
        let flags: BibimbapFlags
        do {
            flagsEnvironment = try RegistryDiscovery.open(FlagsOptions(
                configPath: arguments.configPath, storePath: arguments.storePath,
                workingDirectory: workingDirectory, environment: environment))
            flags = try BibimbapFlags(registry: flagsEnvironment.registry)
        } catch {
            console.writeError("bibimbap: \(error)\n")
            return 1
        }
        DependencyHelper().bootstrapDependencies(from: flagsEnvironment)

        let renderer = HomeScreenRenderer(width: arguments.width, colour: usesColour(arguments.colour, console: console, environment: environment))
        let home = HomeViewModel(flags: flags)
        func frame() -> String { renderer.render(home.screen, footer: AppFooter(environment: flagsEnvironment)) }

        guard arguments.watch else {
            console.write(frame())
            return 0
        }

        let signal = stopWhen == nil ? StopSignal() : nil
        defer { signal?.stop() }
        let shouldStop = stopWhen ?? { signal!.isRequested }
        var first = true
        HomeScreenWatcher(interval: .milliseconds(arguments.intervalMilliseconds)).run(
            generation: { flagsEnvironment.prefs.generation },
            frame: {
                if !first {
                    // Opt-outs and other state may have changed too: evaluate the experiments again
                    // and hand the new services to the view models.
                    flagsEnvironment = flagsEnvironment.reloaded()
                    DependencyHelper().bootstrapDependencies(from: flagsEnvironment)
                }
                first = false
                return frame()
            },
            draw: { text in
                // A terminal is cleared and redrawn; a pipe or file gets frames one after another.
                console.write(console.isTerminal ? clearScreen + text : text + "\n")
            },
            shouldStop: shouldStop)
        if console.isTerminal { console.write("\n") }
        return 0
    }

    /// Colour only on a terminal, unless asked; `NO_COLOR` (any non-empty value) or `TERM=dumb` turn `auto` off.
    public static func usesColour(_ choice: BibimbapArguments.ColourChoice, console: BibimbapConsole, environment: [String: String]) -> Bool {
        switch choice {
        case .always: true
        case .never: false
        case .auto: console.isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }
}
