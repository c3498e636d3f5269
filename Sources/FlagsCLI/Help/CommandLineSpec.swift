#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import Platform

/// What the `flags` command line as a whole declares: the global options (taken anywhere on the
/// line), the environment it reads, examples and exit codes. `flags --help`, the man page and
/// the completion scripts render these, as each command's own part comes from its `CommandSpec`.
enum CommandLineSpec {
    static let config = ValueOption("--config", value: .file, placeholder: "PATH", help: "the app's feature-flags.yaml (default: $FLAGS_CONFIG, "
                                    + "else search the working directory and its parents; without one, the built-in Bibimbap demo)")
    static let store = ValueOption("--store", value: .file, placeholder: "PATH", help: "the prefs store (default: $FLAGS_STORE, else "
                                   + "$XDG_STATE_HOME/feature-flags/<app>/prefs.sqlite)")
    static let channel = ValueOption("--channel", value: .channel, help: "a channel the manifest declares (Firefox for iOS: developer, beta, "
                                     + "release): the one to resolve, previewed with the override rules of the build channel that stands for it "
                                     + "(default: this build's, \(BuildChannel.current.rawValue), or what the registry's channels: maps it to)")
    static let experiments = ValueOption("--experiments", value: .file, placeholder: "FILE|URL", help: "experiment records instead of the registry's: "
                                         + "a file of {\"data\": [...]} or a Remote Settings URL (a server, or its .../records address); a file "
                                         + "that does not exist is an error")
    static let offline = FlagOption("--offline", help: "never ask a Remote Settings server; use the cached records")
    static let nimbusID = ValueOption("--nimbus-id", value: .text("UUID"), help: "evaluate experiments as this client instead of the store's own")
    static let context = ValueOption("--context", value: .text("K=V"), help: "an extra targeting attribute (repeatable; V is JSON or a string); "
                                     + "it wins over every other, and makes the run a preview that keeps no enrollment")
    static let color = ValueOption("--color", value: .choice(ColorChoice.allCases.map(\.rawValue)),
                                   help: "color in tables: auto (a terminal without NO_COLOR, the default), always or never; JSON is never colored")
    static let help = FlagOption.help("show help (also: flags help COMMAND, flags COMMAND --help)")
    static let version = FlagOption("--version", help: "show the version and build channel")

    /// The global options, in the order help lists them.
    static let globalOptions: [OptionSpec] = {
        let options: [any DeclaredOption] = [config, store, channel, experiments, offline, nimbusID, context, color, help, version]
        return options.map(\.spec)
    }()

    /// The environment variables `flags` reads, with what each does.
    static let environment: [(name: String, meaning: String)] = [
        ("FLAGS_CONFIG", "the app's feature-flags.yaml when --config is not given"),
        ("FLAGS_STORE", "the prefs store when --store is not given"),
        ("FLAGS_NO_CACHE", "1 turns off the checked snapshots of registries and experiment files"),
        ("XDG_STATE_HOME", "where stores live: $XDG_STATE_HOME/feature-flags/<app>/prefs.sqlite (default ~/.local/state)"),
        ("XDG_CACHE_HOME", "where snapshots live: $XDG_CACHE_HOME/feature-flags/snapshots (default ~/.cache); deleting it is always safe"),
        ("NO_COLOR", "when set and not empty, no color unless --color=always"),
    ]

    /// Examples for `flags --help` and the man page.
    static let examples: [CommandExample] = [
        CommandExample("flags", "open the Feature Flags menu"),
        CommandExample("flags list --overridden", "the flags that have a debug override"),
        CommandExample("flags set ID on", "override a flag, as the menu's switch does"),
        CommandExample("flags --experiments records.json experiments", "which experiments this client is enrolled in"),
        CommandExample("flags help --man > ~/.local/share/man/man1/flags.1", "install the man page (then `man flags`)"),
        CommandExample("source <(flags completion bash)", "complete commands, options and flag ids in bash"),
    ]

    static let exitStatus: [(code: String, meaning: String)] = [
        ("0", "success"),
        ("1", "the request failed: unknown flag, store or registry error, a failed validate or matrix; diff found differences"),
        ("2", "usage error: unknown option or command, bad value, no terminal for the menu"),
    ]

    /// The global option spelled `name`.
    static func globalOption(named name: String) -> OptionSpec? {
        globalOptions.first { $0.names.contains(name) }
    }
}
#endif
