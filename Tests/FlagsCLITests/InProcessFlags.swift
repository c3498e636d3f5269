import FeatureFlags
import FeatureFlagsTestSupport
import FlagsCLI

/// `flags` run in this process, as `main.swift` runs it, on a folder of its own: the store at
/// `prefs.sqlite` there, the state and `HOME` there too, and what it prints captured. For the
/// suites that read what a command printed without starting a process for each call.
///
/// ```swift
/// let flags = InProcessFlags(environment: ["LANG": "en_US.UTF-8"])
/// let (status, console) = flags.run(["experiments", "--json"])
/// ```
struct InProcessFlags {
    let folder = TemporaryDirectory()
    /// What every command gets besides the folder's own variables (a locale, `FLAGS_NO_CACHE`).
    let environment: [String: String]
    /// The width the console stands for: 80, as a terminal's or a file's, unless a suite about
    /// what cells hold (not how they fit) asks for a wide one.
    let columns: Int

    init(environment extra: [String: String] = [:], columns: Int = 80) {
        environment = ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path].merging(extra) { $1 }
        self.columns = columns
    }

    /// Runs `flags ARGUMENTS…` on the registry at `configPath` (nil: the one the folder holds,
    /// else the demo) and returns its exit status and what it printed; `answers` are typed to
    /// the y/n questions it asks.
    func run(_ arguments: [String], configPath: String? = nil, answers: [String] = []) -> (status: Int32, console: Console) {
        let console = Console.capturing(answers: answers, width: columns)
        let options = FlagsOptions(configPath: configPath, storePath: folder.file("prefs.sqlite"), workingDirectory: folder.path,
                                   environment: environment)
        return (FlagsCommandLine.run(arguments, console: console, options: options), console)
    }
}
