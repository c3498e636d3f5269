#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags

/// `flags --help` and `flags COMMAND --help`, rendered from the command table and
/// `CommandLineSpec`, wrapped to the terminal's width (`Console.outputWidth`: 80 when not a
/// terminal), usage lines included.
///
/// A command's help leaves the global options out (one line points at `flags --help`), so
/// `flags list --help` shows what `list` does rather than a screen of options it shares.
///
/// ```swift
/// HelpText.overview(of: FlagsCommandLine.specs, width: 80)
/// HelpText.command(CommandSpec(ListCommand.self), width: 80)
/// ```
enum HelpText {
    static func overview(of specs: [CommandSpec], width: Int) -> String {
        let nameWidth = specs.map(\.name.count).max() ?? 0
        var sections = [
            "flags: the Feature Flags debug tool of a Nimbus app (\(BuildChannel.current.rawValue) build)".wrapped(width: width),
            usage("flags [COMMAND] [OPTIONS]", width: width),
            "Commands:\n" + specs.map { spec in
                HelpLayout.definition(spec.name, spec.summary, labelWidth: nameWidth, width: width)
            }.joined(separator: "\n"),
            "Global options (anywhere on the line):\n" + HelpLayout.optionList(CommandLineSpec.globalOptions, width: width),
            "Examples:\n" + exampleList(CommandLineSpec.examples, width: width),
        ]
        let variableWidth = CommandLineSpec.environment.map(\.name.count).max() ?? 0
        sections.append("Environment:\n" + CommandLineSpec.environment.map {
            HelpLayout.definition($0.name, $0.meaning, labelWidth: variableWidth, width: width)
        }.joined(separator: "\n"))
        sections.append(("Exit status: " + CommandLineSpec.exitStatus.map { "\($0.code) \($0.meaning.prefix { $0 != ":" })" }
            .joined(separator: ", ") + ".").wrapped(width: width))
        sections.append("Help on one command: flags help COMMAND (or flags COMMAND --help); the manual: flags help --man."
            .wrapped(width: width))
        return sections.joined(separator: "\n\n")
    }

    static func command(_ spec: CommandSpec, width: Int) -> String {
        var sections = [usage(spec.usage, width: width), "\(spec.summary).".wrapped(width: width)]
        // The text is written in lines of about 90 columns; it is laid out again for this width.
        if !spec.about.isEmpty { sections.append(HelpParagraphs(spec.about).rendered(width: width)) }
        if !spec.options.isEmpty { sections.append("Options:\n" + HelpLayout.optionList(spec.options, width: width)) }
        if !spec.examples.isEmpty { sections.append("Examples:\n" + exampleList(spec.examples, width: width)) }
        sections.append(("Global options (--config, --store, --channel, --experiments, --color, ...) go anywhere on the "
                         + "line; see `flags --help`.").wrapped(width: width))
        return sections.joined(separator: "\n\n")
    }

    /// A usage line that fits in `width`: each form of the command (`flags preset save ... |
    /// flags preset list | ...`) on a line of its own, `   or:` before the second and later ones,
    /// a form longer than the line wrapped under itself.
    static func usage(_ usage: String, width: Int) -> String {
        let forms = usage.components(separatedBy: " | flags ").enumerated().map { index, form in index == 0 ? form : "flags " + form }
        return forms.enumerated().map { index, form in
            let lead = index == 0 ? "usage: " : "   or: "
            let wrapped = form.wrapped(width: width, indent: lead.count + 4)
            return lead + wrapped.dropFirst(lead.count + 4)
        }.joined(separator: "\n")
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

    private static func exampleList(_ examples: [CommandExample], width: Int) -> String {
        examples.map { example in
            example.command.wrapped(width: width, indent: 6, firstLineIndent: 2) + "\n" + example.explanation.wrapped(width: width, indent: 6)
        }.joined(separator: "\n")
    }
}
#endif
