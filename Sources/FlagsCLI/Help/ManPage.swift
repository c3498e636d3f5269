#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags

/// `flags.1`, the manual page, rendered in roff (`man -l`) from the command table and
/// `CommandLineSpec`, the same declarations as `--help`: `flags help --man` prints it.
///
/// Text is escaped for roff: backslashes, a line starting with `.` or `'` (a request), and
/// every character beyond ASCII as `\[uXXXX]`, so groff needs no input encoding and warns of nothing.
///
/// ```swift
/// ManPage.render(FlagsCommandLine.specs)   // ".TH FLAGS 1 ..."
/// ```
enum ManPage {
    static func render(_ specs: [CommandSpec]) -> String {
        var lines = [
            ".TH FLAGS 1 \"\" \"flags \(FlagsCommandLine.version)\" \"User Commands\"",
            // Paths and option names are not to be hyphenated, nor spread out to the margin.
            ".nh",
            ".ad l",
            ".SH NAME",
            "flags \\- the Feature Flags debug tool of a Nimbus app",
            ".SH SYNOPSIS",
            ".B flags",
            "[\\fICOMMAND\\fR] [\\fIOPTIONS\\fR]",
            ".SH DESCRIPTION",
        ]
        lines += paragraphs("""
            flags shows and changes the feature flags of an app built on Nimbus: the value isEnabled \
            returns, where it comes from (a debug override, an experiment, a rollout or the default), and \
            the overrides, presets and experiments behind it. Without a command it opens the Feature Flags menu.
            """)
        lines.append(".SH COMMANDS")
        for spec in specs {
            lines += [".SS \(text(spec.usage))", text(spec.summary) + "."]
            if !spec.about.isEmpty { lines += paragraphs(spec.about) }
            lines += spec.options.flatMap(option)
            if !spec.examples.isEmpty {
                lines += [".PP", "Examples:"]
                lines += spec.examples.flatMap(example)
            }
        }
        lines.append(".SH GLOBAL OPTIONS")
        lines += paragraphs("These are taken anywhere on the command line, before or after the command.")
        lines += CommandLineSpec.globalOptions.flatMap(option)
        lines.append(".SH ENVIRONMENT")
        for variable in CommandLineSpec.environment {
            lines += [".TP", ".B \(variable.name)", text(variable.meaning)]
        }
        lines.append(".SH FILES")
        lines += [".TP", "\\fI$XDG_STATE_HOME/feature\\-flags/<app>/prefs.sqlite\\fR",
                  "the store: overrides, preferences, presets, the Nimbus client",
                  ".TP", "\\fI$XDG_CACHE_HOME/feature\\-flags/snapshots\\fR",
                  "checked snapshots of registries and experiment files; safe to delete"]
        lines.append(".SH EXIT STATUS")
        for status in CommandLineSpec.exitStatus {
            lines += [".TP", ".B \(status.code)", text(status.meaning)]
        }
        lines.append(".SH EXAMPLES")
        lines += CommandLineSpec.examples.flatMap(example)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func option(_ option: OptionSpec) -> [String] {
        let names = option.names.map { "\\fB\(text($0))\\fR" }.joined(separator: ", ")
        let value = option.valueLabel.map { " \\fI\(text($0))\\fR" } ?? ""
        return [".TP", names + value, text(option.summary)]
    }

    private static func example(_ example: CommandExample) -> [String] {
        [".TP", "\\fB\(text(example.command))\\fR", text(example.explanation)]
    }

    /// A help text's paragraphs: prose filled by roff, indented runs (lists, aligned columns)
    /// preformatted and folded to man's width (`HelpParagraphs`).
    private static func paragraphs(_ help: String) -> [String] {
        HelpParagraphs(help).paragraphs.flatMap { runs in
            [".PP"] + runs.flatMap { run -> [String] in
                switch run {
                case .prose(let prose): [text(prose)]
                case .rows(let rows): [".nf"] + rows.flatMap { HelpParagraphs.hanging($0, width: preformattedWidth) }.map(text) + [".fi"]
                }
            }
        }
    }

    /// The width of a preformatted line: man's 80 columns less its 7-column indent and a margin.
    private static let preformattedWidth = 72

    /// One line of text made safe for roff.
    static func text(_ line: String) -> String {
        var escaped = ""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where scalar.value > 126 || scalar.value < 32:
                escaped += scalar.value < 32 ? " " : "\\[u" + hex(scalar.value) + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
#endif
