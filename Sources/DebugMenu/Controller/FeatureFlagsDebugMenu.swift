#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Dispatch
import FeatureFlags

/// The Feature Flags debug menu as a full-screen terminal program: takes over the terminal,
/// runs a `FeatureFlagsDebugViewController` until the user quits or a signal arrives, and
/// always gives the terminal back.
///
/// Use `run(environment:)` from the command line (`flags menu`); it throws `TerminalError`
/// before drawing anything when there is no usable terminal (print it, exit 2), and returns
/// how the session ended so the caller can exit with 128 + signal after a signal.
///
/// ```swift
/// switch try FeatureFlagsDebugMenu.run(environment: try RegistryDiscovery.open(FlagsOptions())) {
/// case .quit: exit(0)
/// case .signal(let number): exit(128 + number)
/// }
/// ```
public enum FeatureFlagsDebugMenu {
    /// How a menu session ended.
    public enum Exit: Equatable, Sendable {
        /// The user pressed `q`.
        case quit
        /// SIGINT, SIGTERM, SIGHUP or SIGQUIT arrived; the terminal has been restored.
        case signal(Int32)
    }

    /// The keys, as `flags menu --help` lists them: the row list's bindings from
    /// `MenuKeyBindings` (the table the menu handles keys with), then what the marks mean.
    public static let keyHelp = MenuKeyBindings.helpText + "\n\n" + """
        Marks: [x] on, [ ] off, [=] a choice; * (or a colored dot) marks a debug override, with
        the Nimbus value it hides in brackets and its age (override · 5m). Read-only rows are dim.
        The filter is fuzzy, as in fzf: its letters in order (tj finds Tip Jar) in a row's id, title,
        status or source (override, an experiment's slug), best matches first, matched letters
        underlined. The status line shows the selected row's id. A collapsed section is one line
        starting with + (Build only status starts so); z, Enter or Right opens it.
        Enter or i opens a row's details: every layer of its value with the winner, the feature's JSON
        (Enter edits a variable, checked against the manifest; x removes its override), where flag and
        feature are written, the experiments on the feature; y copies the id (OSC 52); Esc returns.
        The menu reloads within a second when another process (flags set, the app) changes the store.
        Experiments from a Remote Settings server are fetched in the background: the menu opens on
        the cached ones and the header says "experiments: fetching…", then "fresh" or "cached … ago".
        """

    /// Runs the menu on the controlling terminal until `q` or a termination signal.
    ///
    /// - Parameters:
    ///   - environment: the app's flags; open it with `fetchPolicy = .cacheOnly` so a Remote
    ///     Settings server is never waited for before the first frame.
    ///   - isDemo: the flags are the tool's built-in demo (`RegistryDiscovery.opensDemo`), which
    ///     the header says.
    ///   - experimentsFetch: how to fetch the experiments in the background once the first frame
    ///     is drawn (when they come from a server); nil or `.cacheOnly` never asks the server.
    ///   - pollIntervalMilliseconds: how often the store is checked for outside changes.
    /// - Throws: `TerminalError` when there is no usable terminal (nothing was drawn then).
    public static func run(environment: FlagsEnvironment, isDemo: Bool = false, experimentsFetch: ExperimentsFetchPolicy? = nil,
                           pollIntervalMilliseconds: Int = 250) throws -> Exit {
        try Terminal.checkUsable()
        return try Terminal.run(pollIntervalMilliseconds: pollIntervalMilliseconds) { terminal in
            let renderer = ScreenRenderer(terminal: terminal)
            let controller = FeatureFlagsDebugViewController(environment: environment, isDemo: isDemo, glyphs: renderer.layout.glyphs)
            controller.copyToClipboard = { terminal.copyToClipboard($0) }
            if let policy = experimentsFetch { controller.fetchExperimentsInBackground(policy: policy) }
            while true {
                controller.render(with: renderer, on: terminal)
                // Read every key already waiting (a paste, fast typing) and apply them together
                // before drawing again: a pasted filter is filtered once and drawn once. A long
                // burst is cut every 4,096 keys or 50 ms so the screen still shows progress.
                var burst: [KeyEvent] = []
                var next: KeyEvent? = terminal.readKey()
                let deadline = DispatchTime.now().uptimeNanoseconds + 50_000_000
                while let key = next {
                    switch key {
                    case .terminationSignal(let number):
                        // Keys still queued (the rest of a paste) were meant for the menu, not the shell.
                        terminal.discardPendingInput()
                        return .signal(number)
                    case .resize:
                        terminal.repaintAll()
                        if !controller.handle(burst) { return .quit }
                        burst.removeAll()
                    case .timeout:
                        if !controller.handle(burst + [key]) { return .quit }
                        burst.removeAll()
                    default:
                        burst.append(key)
                    }
                    next = burst.count < 4096 && DispatchTime.now().uptimeNanoseconds < deadline ? terminal.pendingKey() : nil
                }
                if !controller.handle(burst) { return .quit }
            }
        }
    }
}
#endif
