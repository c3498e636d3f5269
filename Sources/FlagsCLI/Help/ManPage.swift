#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
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

    /// A help text's paragraphs: plain lines filled, indented runs (lists, aligned columns)
    /// kept as they are.
    private static func paragraphs(_ help: String) -> [String] {
        var lines: [String] = []
        for paragraph in help.split(separator: "\n\n", omittingEmptySubsequences: true) {
            lines.append(".PP")
            var rows = paragraph.split(separator: "\n").map(String.init)[...]
            while let first = rows.first {
                let indented = first.hasPrefix(" ")
                let run = rows.prefix { $0.hasPrefix(" ") == indented }
                rows = rows.dropFirst(run.count)
                if indented {
                    lines += [".nf"] + items(Array(run)).flatMap(hanging).map(text) + [".fi"]
                } else {
                    lines += run.map(text)
                }
            }
        }
        return lines
    }

    /// The width of a preformatted line: man's 80 columns less its 7-column indent and a margin.
    private static let preformattedWidth = 72

    /// A preformatted row (`  save NAME     keep the ...`) folded to `preformattedWidth`, the
    /// rest under its text column.
    private static func hanging(_ row: String) -> [String] {
        guard row.count > preformattedWidth else { return [row] }
        let column = textColumn(of: row)
        let wrapped = String(row.dropFirst(column)).wrapped(width: preformattedWidth, indent: column).split(separator: "\n")
        return [String(row.prefix(column)) + wrapped[0].dropFirst(column)] + wrapped.dropFirst().map(String.init)
    }

    /// Where a row's text starts: after its label's gap of spaces (the last gap of two or more
    /// in the first 28 columns, as a label may hold one itself: `space  Enter`), after a
    /// bullet's `- `, else at its first word.
    private static func textColumn(of row: String) -> Int {
        let characters = Array(row)
        let leading = characters.prefix { $0 == " " }.count
        var column = leading + (row.dropFirst(leading).hasPrefix("- ") ? 2 : 0)
        var index = leading
        while index < min(28, characters.count - 1) {
            if characters[index] == " " && characters[index + 1] == " " {
                var end = index
                while end < characters.count && characters[end] == " " { end += 1 }
                if end < characters.count { column = end }
                index = end
            } else {
                index += 1
            }
        }
        return column
    }

    /// Indented rows with the lines that continue one (indented to its text column, as help
    /// wraps them for 80 columns) joined to it, to be folded again for man's narrower width.
    private static func items(_ rows: [String]) -> [String] {
        var items: [String] = []
        for row in rows {
            let leading = row.prefix { $0 == " " }.count
            if let last = items.last, leading > last.prefix(while: { $0 == " " }).count, leading == textColumn(of: last),
               !row.dropFirst(leading).hasPrefix("- ") {
                items[items.count - 1] += " " + row.dropFirst(leading)
            } else {
                items.append(row)
            }
        }
        return items
    }

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
