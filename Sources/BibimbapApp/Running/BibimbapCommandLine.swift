import FeatureFlags
import Foundation
import Platform

/// The `bibimbap` demo app from start to exit: parse the command line, open the flags, refuse a
/// registry the generated Swift no longer matches, register the services in `AppContainer`, and
/// draw the home screen once or, with `--watch`, whenever the store changes.
///
/// Use it from the executable's `main.swift`; tests call `run` with their own console,
/// environment and stop condition. Exit status: 0 success, 1 the flags could not be opened,
/// 2 a usage error, 128 + the signal when a signal ended `--watch` (130 after Ctrl-C), as a
/// shell reports a program the signal killed.
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
        do {
            let options = FlagsOptions(configPath: arguments.configPath, storePath: arguments.storePath,
                                       workingDirectory: workingDirectory, environment: environment)
            flagsEnvironment = try FlagsEnvironment.open(options, registryPath: try BibimbapRegistry.path(for: options))
            try flagsEnvironment.registry.checkGeneratedCode()
        } catch {
            console.writeError("bibimbap: \(error)\n")
            return 1
        }
        DependencyHelper().bootstrapDependencies(from: flagsEnvironment)

        let color = arguments.color.isOn(outputIsTerminal: console.isTerminal, environment: environment)
        // On a terminal with --watch, two columns go to the gutter that marks changed lines.
        let gutter = arguments.watch && console.isTerminal ? ChangedLines.blank.count : 0
        // A phone app's screen: it follows a narrow pane but stops growing at 100 columns.
        func width() -> Int {
            arguments.width ?? (console.columns().map { min($0 - gutter, HomeScreenRenderer.maximumAutomaticWidth) } ?? HomeScreenRenderer.defaultWidth)
        }
        let home = HomeViewModel()
        func frame() -> String {
            HomeScreenRenderer(width: width(), color: color, annotate: arguments.annotate)
                .render(home.screen, footer: AppFooter(environment: flagsEnvironment))
        }

        guard arguments.watch else {
            console.write(frame())
            return 0
        }

        let signal = stopWhen == nil ? StopSignal() : nil
        let resize = console.isTerminal && stopWhen == nil ? ResizeSignal() : nil
        defer {
            resize?.stop()
            signal?.stop()
        }
        let shouldStop = stopWhen ?? { signal!.isRequested }
        var first = true
        var previous: (text: String, width: Int)?
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
                // A terminal is cleared and redrawn, with the lines changed since the last frame
                // marked; a pipe or file gets frames one after another.
                let now = width()
                if console.isTerminal {
                    // A resize redraws the same screen at another width: nothing to mark then.
                    let since = previous.flatMap { $0.width == now ? $0.text : nil }
                    console.write(clearScreen + ChangedLines.marked(text, since: since, color: color))
                } else {
                    console.write(text + "\n")
                }
                previous = (text, now)
            },
            shouldStop: shouldStop,
            redrawRequested: { resize?.takeResize() ?? false })
        // Leave the cursor below the last frame, in the terminal's own colors.
        if console.isTerminal { console.write((color ? "\u{1B}[0m" : "") + "\n") }
        if let caught = signal?.caught { return 128 + caught }
        return 0
    }
}
