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
    /// When to use ANSI colour.
    public enum ColourChoice: String, Sendable, Equatable {
        /// Only when standard output is a terminal and `NO_COLOR` is unset.
        case auto
        case always
        case never
    }

    /// A command line the app cannot make sense of.
    public struct UsageError: Error, Equatable, CustomStringConvertible, Sendable {
        public var description: String
        public init(description: String) { self.description = description }
    }

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
          --watch          Redraw whenever the store changes (another process toggling
                           a flag) or the window is resized, marking the lines that
                           changed with »; Ctrl-C quits (exit status 130).
          --annotate       Name the flag or preference behind each block of the screen,
                           and the flags whose blocks are hidden because they are off.
          --interval MS    How often --watch looks at the store, in milliseconds
                           (default 200).
          --config PATH    The app's feature-flags.yaml (default: $FLAGS_CONFIG, else
                           search the working directory and its parents, else the
                           built-in demo).
          --store PATH     The prefs store (default: $FLAGS_STORE, else the app's
                           default store).
          --color WHEN     auto (default: only on a terminal, and not when NO_COLOR is
                           set), always or never. --no-color is --color never.
          --width COLUMNS  Width of the screen (default: the terminal's, else 64; at
                           least 48).
          -h, --help       This help.

        EXAMPLE (two tmux panes):
          left:  swift run flags            # the debug menu
          right: swift run bibimbap --watch # the app, redrawn on every toggle

        """

    public var showHelp = false
    public var watch = false
    public var intervalMilliseconds = 200
    public var configPath: String?
    public var storePath: String?
    public var colour = ColourChoice.auto
    /// The screen's width; nil follows the terminal (64 when the output is not one).
    public var width: Int?
    public var annotate = false

    public init() {}

    public static func parse(_ words: [String]) throws(UsageError) -> BibimbapArguments {
        var result = BibimbapArguments()
        var rest = words[...]
        while let word = rest.popFirst() {
            var (name, attached) = (word, String?.none)
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                attached = String(word[word.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let attached { return attached }
                guard let next = rest.popFirst(), !next.hasPrefix("-") || next == "-" else {
                    throw UsageError(description: "\(name) needs a value")
                }
                return next
            }
            func number(atLeast minimum: Int) throws(UsageError) -> Int {
                let text = try value()
                guard let number = Int(text), number >= minimum else {
                    throw UsageError(description: "\(name) needs a whole number of at least \(minimum), not '\(text)'")
                }
                return number
            }
            switch name {
            case "-h", "--help", "help": result.showHelp = true
            case "--watch": result.watch = true
            case "--annotate": result.annotate = true
            case "--interval": result.intervalMilliseconds = try number(atLeast: 10)
            case "--config": result.configPath = try value()
            case "--store":
                let path = try value()
                // An empty path would name the working directory: never what was meant.
                guard !path.isEmpty else { throw UsageError(description: "--store needs a file path, not an empty one (leave it out for the default store)") }
                result.storePath = path
            case "--width": result.width = try number(atLeast: HomeScreenRenderer.minimumWidth)
            case "--no-color", "--no-colour": result.colour = .never
            case "--color", "--colour":
                let text = try value()
                guard let choice = ColourChoice(rawValue: text) else {
                    throw UsageError(description: "\(name) takes auto, always or never, not '\(text)'")
                }
                result.colour = choice
            default:
                throw UsageError(description: word.hasPrefix("-") ? "unknown option '\(word)'" : "unexpected argument '\(word)'")
            }
            if attached != nil, ["-h", "--help", "--watch", "--annotate", "--no-color", "--no-colour"].contains(name) {
                throw UsageError(description: "\(name) takes no value")
            }
        }
        return result
    }
}
