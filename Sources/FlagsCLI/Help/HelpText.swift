#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
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
                definition(spec.name, spec.summary, labelWidth: nameWidth, width: width)
            }.joined(separator: "\n"),
            "Global options (anywhere on the line):\n" + optionList(CommandLineSpec.globalOptions, width: width),
            "Examples:\n" + exampleList(CommandLineSpec.examples, width: width),
        ]
        let variableWidth = CommandLineSpec.environment.map(\.name.count).max() ?? 0
        sections.append("Environment:\n" + CommandLineSpec.environment.map {
            definition($0.name, $0.meaning, labelWidth: variableWidth, width: width)
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
        if !spec.options.isEmpty { sections.append("Options:\n" + optionList(spec.options, width: width)) }
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

    private static func optionList(_ options: [OptionSpec], width: Int) -> String {
        let labelWidth = min(22, options.map(\.label.count).max() ?? 0)
        return options.map { definition($0.label, $0.summary, labelWidth: labelWidth, width: width) }.joined(separator: "\n")
    }

    private static func exampleList(_ examples: [CommandExample], width: Int) -> String {
        examples.map { example in
            example.command.wrapped(width: width, indent: 6, firstLineIndent: 2) + "\n" + example.explanation.wrapped(width: width, indent: 6)
        }.joined(separator: "\n")
    }

    /// `  label   text`, the text wrapped under itself; a label wider than `labelWidth` (or one
    /// that leaves the text too little room) puts the text on the next line.
    static func definition(_ label: String, _ text: String, labelWidth: Int, width: Int) -> String {
        var indent = 2 + labelWidth + 2
        if width - indent < HelpParagraphs.minimumTextRoom { indent = 6 }
        let body = text.wrapped(width: width, indent: indent)
        if label.count > labelWidth || indent == 6 { return "  \(label)\n" + body }
        return "  " + label.padded(toWidth: labelWidth) + "  " + body.dropFirst(indent)
    }
}

extension String {
    /// The text's words in lines of at most `width` columns, each line indented by `indent`
    /// spaces, the first by `firstLineIndent` when given (`flags experiments` writes a sentence
    /// from its start and the lines that continue it indented); a word longer than a line
    /// stays whole. Line breaks in the text are kept.
    func wrapped(width: Int, indent: Int = 0, firstLineIndent: Int? = nil) -> String {
        let first = firstLineIndent ?? indent
        let rest = indent
        var isFirstLine = true
        return split(separator: "\n", omittingEmptySubsequences: false).map { paragraph -> String in
            var lines: [String] = []
            var line = ""
            func margin() -> Int { isFirstLine ? first : rest }
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty && margin() + line.count + 1 + word.count > width {
                    lines.append(String(repeating: " ", count: margin()) + line)
                    isFirstLine = false
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            lines.append(String(repeating: " ", count: margin()) + line)
            isFirstLine = false
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
#endif
