#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags

/// `flags --help` and `flags COMMAND --help`, rendered from the command table and
/// `CommandLineSpec`, wrapped to 80 columns.
///
/// A command's help leaves the global options out (one line points at `flags --help`), so
/// `flags list --help` shows what `list` does rather than a screen of options it shares.
///
/// ```swift
/// HelpText.overview(of: FlagsCommandLine.specs)
/// HelpText.command(CommandSpec(ListCommand.self))
/// ```
enum HelpText {
    static let width = 80

    static func overview(of specs: [CommandSpec]) -> String {
        let nameWidth = specs.map(\.name.count).max() ?? 0
        var sections = [
            "flags: the Feature Flags debug tool of a Nimbus app (\(BuildChannel.current.rawValue) build)",
            "usage: flags [COMMAND] [OPTIONS]",
            "Commands:\n" + specs.map { spec in
                definition(spec.name, spec.summary, labelWidth: nameWidth)
            }.joined(separator: "\n"),
            "Global options (anywhere on the line):\n" + optionList(CommandLineSpec.globalOptions),
            "Examples:\n" + exampleList(CommandLineSpec.examples),
        ]
        let variableWidth = CommandLineSpec.environment.map(\.name.count).max() ?? 0
        sections.append("Environment:\n" + CommandLineSpec.environment.map {
            definition($0.name, $0.meaning, labelWidth: variableWidth)
        }.joined(separator: "\n"))
        sections.append("Exit status: " + CommandLineSpec.exitStatus.map { "\($0.code) \($0.meaning.prefix { $0 != ":" })" }
            .joined(separator: ", ") + ".")
        sections.append("Help on one command: flags help COMMAND (or flags COMMAND --help); the manual: flags help --man."
            .wrapped(width: width))
        return sections.joined(separator: "\n\n")
    }

    static func command(_ spec: CommandSpec) -> String {
        var sections = ["usage: \(spec.usage)", "\(spec.summary)."]
        if !spec.about.isEmpty { sections.append(spec.about) }
        if !spec.options.isEmpty { sections.append("Options:\n" + optionList(spec.options)) }
        if !spec.examples.isEmpty { sections.append("Examples:\n" + exampleList(spec.examples)) }
        sections.append(("Global options (--config, --store, --channel, --experiments, --color, ...) go anywhere on the "
                         + "line; see `flags --help`.").wrapped(width: width))
        return sections.joined(separator: "\n\n")
    }

    /// The command and global option tables of the README ("Command reference"), in Markdown:
    /// `flags help --markdown` prints them, and a test keeps the README's copy equal to them.
    static func markdownReference(of specs: [CommandSpec]) -> String {
        // A pipe would end the cell, and outside code spans `<app>` would be read as HTML.
        func code(_ text: String) -> String { "`" + text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") + "`" }
        func cell(_ text: String) -> String {
            var escaped = ""
            for character in text {
                switch character {
                case "|": escaped += "\\|"
                case "<": escaped += "&lt;"
                case ">": escaped += "&gt;"
                default: escaped.append(character)
                }
            }
            return escaped
        }
        let commands = specs.map { "| \(code($0.usage)) | \(cell($0.summary)) |" }
        let options = CommandLineSpec.globalOptions.map { option in
            "| \(code(option.label)) | \(cell(option.summary)) |"
        }
        let variables = CommandLineSpec.environment.map { "| `\($0.name)` | \(cell($0.meaning)) |" }
        return (["| command | what it does |", "|---|---|"] + commands
                + ["", "Global options, accepted anywhere on the line:", "", "| option | meaning |", "|---|---|"] + options
                + ["", "Environment:", "", "| variable | meaning |", "|---|---|"] + variables).joined(separator: "\n")
    }

    private static func optionList(_ options: [OptionSpec]) -> String {
        let labelWidth = min(22, options.map(\.label.count).max() ?? 0)
        return options.map { definition($0.label, $0.summary, labelWidth: labelWidth) }.joined(separator: "\n")
    }

    private static func exampleList(_ examples: [CommandExample]) -> String {
        examples.map { "  \($0.command)\n" + $0.explanation.wrapped(width: width, indent: 6) }.joined(separator: "\n")
    }

    /// `  label   text`, the text wrapped under itself; a label wider than `labelWidth` puts
    /// the text on the next line.
    static func definition(_ label: String, _ text: String, labelWidth: Int) -> String {
        let indent = 2 + labelWidth + 2
        let body = text.wrapped(width: width, indent: indent)
        if label.count > labelWidth { return "  \(label)\n" + body }
        return "  " + label.padded(toWidth: labelWidth) + "  " + body.dropFirst(indent)
    }
}

extension String {
    /// The text's words in lines of at most `width` columns, each line indented by `indent`
    /// spaces; a word longer than a line stays whole. Line breaks in the text are kept.
    func wrapped(width: Int, indent: Int = 0) -> String {
        let margin = String(repeating: " ", count: indent)
        return split(separator: "\n", omittingEmptySubsequences: false).map { paragraph -> String in
            var lines: [String] = []
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty && indent + line.count + 1 + word.count > width {
                    lines.append(margin + line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            lines.append(margin + line)
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
#endif
