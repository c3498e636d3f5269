#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments

/// Options that several commands take with the same spelling and meaning, each command saying
/// in its help what the option does for it.
///
/// ```swift
/// static let output = SharedOptions.output("write to FILE instead of standard output")
/// ```
enum SharedOptions {
    /// `-o, --output FILE`.
    static func output(_ help: String) -> ValueOption { ValueOption("-o", "--output", value: .file, help: help) }

    /// `--force`.
    static func force(_ help: String) -> FlagOption { FlagOption("--force", help: help) }

    /// What a mistyped `--output ''` is told.
    static let outputHint = " (use - for standard output)"
}
#endif
