import CommandLineArguments
import Platform

/// The command line of the `bibimbap` demo app, parsed: what to do and with which options.
///
/// Use `parse` on the arguments after the program name; a mistake is a `UsageError` whose text
/// says what was wrong, for a message and exit status 2.
///
/// ```swift
/// let arguments = try BibimbapArguments.parse(["--watch", "--store", "/tmp/prefs.sqlite"])
/// arguments.watch   // true
/// ```
public struct BibimbapArguments: Sendable, Equatable {
    /// A command line the app cannot make sense of.
    public struct UsageError: Error, Equatable, CustomStringConvertible, Sendable {
        public var description: String
        public init(description: String) { self.description = description }
    }

    static let watch = FlagOption("--watch", help: "Redraw whenever the store changes (another process toggling a flag) or the window is "
                                  + "resized, marking the lines that changed with »; Ctrl-C quits (exit status 130).")
    static let annotate = FlagOption("--annotate", help: "Name the flag or preference behind each block of the screen, and the flags "
                                     + "whose blocks are hidden because they are off.")
    static let interval = ValueOption("--interval", value: .text("MS"), help: "How often \(watch.name) looks at the store, in milliseconds "
                                      + "(default 200).")
    static let config = ValueOption("--config", value: .file, placeholder: "PATH", help: "The app's feature-flags.yaml (default: "
                                    + "$FLAGS_CONFIG, else search the working directory and its parents, else the built-in demo).")
    static let store = ValueOption("--store", value: .file, placeholder: "PATH", help: "The prefs store (default: $FLAGS_STORE, else the "
                                   + "app's default store).")
    static let noColor = FlagOption("--no-color", aliases: ["--no-colour"], help: "The same as --color never.")
    static let color = ValueOption("--color", aliases: ["--colour"], value: .choice(ColorChoice.allCases.map(\.rawValue)), placeholder: "WHEN",
                                   help: "auto (default: only on a terminal, and not when NO_COLOR is set), always or never. "
                                   + "\(noColor.name) is --color never.")
    static let width = ValueOption("--width", value: .text("COLUMNS"), help: "Width of the screen (default: the terminal's, else 64; at least 48).")
    static let helpOption = FlagOption.help("This help.")
    /// The options the help lists, in its order; `--no-color` is told of in `--color`'s line.
    static let listed: [any DeclaredOption] = [watch, annotate, interval, config, store, color, width, helpOption]

    /// The options as the help lists them, wrapped at 79 columns as its prose is.
    static let optionList = HelpLayout.optionList(listed.map(\.spec), width: 79)

    /// The help, in lines of at most 80 columns.
    public static let help = """
        bibimbap — the demo restaurant app of the feature-flags library

        Shows Bibimbap's home screen as text, drawn from its feature flags: the new
        bibimbap menu or the old list, the promo banner, the search bar at the top or
        bottom, and the rest. Debug overrides (set with `flags set ID on|off` or the
        `flags` menu) change it in developer and beta builds; a release build always
        shows the Nimbus values.

        USAGE: bibimbap [--watch [--interval MS]] [--annotate] [--config PATH]
                        [--store PATH] [--color auto|always|never | --no-color]
                        [--width COLUMNS]

        OPTIONS:
        \(optionList)

        EXAMPLE (two tmux panes):
          left:  swift run flags            # the debug menu
          right: swift run bibimbap --watch # the app, redrawn on every toggle

        """

    public var showHelp = false
    public var watch = false
    public var intervalMilliseconds = 200
    public var configPath: String?
    public var storePath: String?
    public var color = ColorChoice.auto
    /// The screen's width; nil follows the terminal (64 when the output is not one).
    public var width: Int?
    public var annotate = false

    public init() {}

    public static func parse(_ words: [String]) throws(UsageError) -> BibimbapArguments {
        var arguments = ArgumentList(words, valuesMayLookLikeOptions: false)
        do {
            return try parse(&arguments)
        } catch let error as UsageError {
            throw error
        } catch let error as ArgumentError {
            guard error.reason == .unknownOption else { throw UsageError(description: error.description) }
            let all = (listed + [noColor]).map(\.spec)
            let hint = OptionSpec.nearestName(to: error.word, among: all).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError(description: "unknown option '\(error.word)'\(hint)")
        } catch {
            throw UsageError(description: "\(error)")
        }
    }

    private static func parse(_ arguments: inout ArgumentList) throws -> BibimbapArguments {
        func number(_ option: ValueOption, atLeast minimum: Int) throws -> Int? {
            guard let text = try arguments.value(of: option) else { return nil }
            guard let number = Int(text), number >= minimum else {
                throw UsageError(description: "\(option.name) needs a whole number of at least \(minimum), not '\(text)'")
            }
            return number
        }
        var result = BibimbapArguments()
        result.showHelp = arguments.take(helpOption)
        result.watch = arguments.take(watch)
        result.annotate = arguments.take(annotate)
        result.intervalMilliseconds = try number(interval, atLeast: 10) ?? result.intervalMilliseconds
        result.configPath = try arguments.value(of: config)
        if let path = try arguments.value(of: store) {
            // An empty path would name the working directory: never what was meant.
            guard !path.isEmpty else {
                throw UsageError(description: "\(store.name) needs a file path, not an empty one (leave it out for the default store)")
            }
            result.storePath = path
        }
        result.width = try number(width, atLeast: HomeScreenRenderer.minimumWidth)
        if arguments.take(noColor) { result.color = .never }
        if let text = try arguments.value(of: color) {
            guard let choice = ColorChoice(rawValue: text) else {
                throw UsageError(description: "\(color.name) takes auto, always or never, not '\(text)'")
            }
            result.color = choice
        }
        // `bibimbap help` is `bibimbap --help`, as `flags help` is.
        for word in try arguments.positionals() {
            guard word == "help" else { throw UsageError(description: "unexpected argument '\(word)'") }
            result.showHelp = true
        }
        return result
    }
}
