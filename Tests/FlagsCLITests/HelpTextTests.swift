import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestTraits

/// `flags --help`, `flags COMMAND --help` and `flags help --markdown`, run as the real binary:
/// made from the command table, so what each command's help lists is what it accepts.
@Suite(.blocking) struct HelpTextTests {
    let folder = TemporaryDirectory()

    private func flags(_ arguments: String..., columns: Int? = nil) throws -> BuiltProgram.Result {
        try BuiltProgram.run(BuiltProgram.flags, arguments, environment: [
            "HOME": folder.path, "XDG_STATE_HOME": folder.file("state"),
        ].merging(columns.map { ["COLUMNS": "\($0)"] } ?? [:]) { $1 }, in: folder.path)
    }

    /// Lines of `help` longer than `width` that hold more than one word (a word longer than a
    /// line cannot be cut), and prose lines that end where the next line's first word would
    /// still fit: both mean the text was not laid out for `width`.
    private func layoutProblems(_ help: String, width: Int) -> [String] {
        let lines = help.components(separatedBy: "\n")
        var problems = lines.filter { $0.count > width && $0.trimmingCharacters(in: .whitespaces).contains(" ") }
        for (line, next) in zip(lines, lines.dropFirst()) where !line.isEmpty && !line.hasPrefix(" ") && !next.hasPrefix(" ") {
            // A prose line followed by more prose of the same paragraph.
            guard let word = next.split(separator: " ").first, !line.hasSuffix(":") else { continue }
            if line.count + 1 + word.count <= width { problems.append("`\(line)` leaves room for `\(word)`") }
        }
        return problems
    }

    /// The command names `flags --help` lists.
    private func commandNames() throws -> [String] {
        let help = try flags("--help").output
        let list = help.components(separatedBy: "Commands:\n")[1].components(separatedBy: "\n\n")[0]
        return list.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .map { String($0.dropFirst(2).prefix { $0 != " " }) }
    }

    @Test func overviewHasExamplesEnvironmentAndEveryCommand() throws {
        let help = try flags("--help")
        #expect(help.status == 0)
        for section in ["Commands:", "Global options (anywhere on the line):", "Examples:", "Environment:", "Exit status:"] {
            #expect(help.output.contains("\n\(section)"), "\(section)")
        }
        for variable in ["FLAGS_CONFIG", "FLAGS_STORE", "FLAGS_NO_CACHE", "XDG_STATE_HOME", "XDG_CACHE_HOME", "NO_COLOR"] {
            #expect(help.output.contains("\n  \(variable)  "), "\(variable)")
        }
        #expect(help.output.contains("  flags help --man > ~/.local/share/man/man1/flags.1\n"))
        let names = try commandNames()
        #expect(names.contains("completion") && names.contains("help") && names.contains("list") && !names.contains("__complete"))
        // Wrapped for an 80-column terminal.
        for line in help.output.split(separator: "\n") where !line.contains("flags help --man >") {
            #expect(line.count <= 80, "\(line)")
        }
    }

    /// Every page is laid out for 80 columns when not on a terminal, usage lines included, and
    /// for the width `COLUMNS` gives; the text written in 90-column lines is filled again.
    @Test(arguments: [80, 60]) func everyHelpPageFitsTheWidth(_ width: Int) throws {
        for name in try commandNames() {
            let help = try flags("help", name, columns: width == 80 ? nil : width)
            #expect(help.status == 0)
            #expect(layoutProblems(help.output, width: width).isEmpty, "flags help \(name) at \(width): \(layoutProblems(help.output, width: width))")
        }
        let preset = try flags("help", "preset").output
        #expect(preset.hasPrefix("usage: flags preset save|apply|show|delete NAME\n   or: flags preset list\n"), "\(preset)")
        let jexl = try flags("help", "eval-jexl").output
        #expect(!jexl.contains("\nexpression\n") && jexl.contains("An expression that cannot"), "\(jexl)")
    }

    @Test func commandHelpLeavesTheGlobalOptionsOut() throws {
        let help = try flags("list", "--help")
        #expect(help.status == 0)
        #expect(help.output.hasPrefix("usage: flags list [--json] [--overridden]\n\nList every flag"))
        #expect(help.output.contains("Options:\n  --json ") && help.output.contains("\n  --overridden "))
        #expect(help.output.contains("Examples:\n  flags list --overridden\n"))
        #expect(!help.output.contains("--nimbus-id") && !help.output.contains("Global options (anywhere"))
        #expect(help.output.contains("see `flags --help`"))
        #expect(help.output.split(separator: "\n").count < 20, "\(help.output)")
        #expect(try flags("help", "list").output == help.output)
    }

    /// Every option a usage line names is declared in the command's table, so its help, the man
    /// page and completion (which offers exactly the declared ones) all know it.
    @Test func everyOptionInAUsageLineIsDeclared() throws {
        let global = try flags("--help").output
        for name in try commandNames() {
            let help = try flags(name, "--help")
            #expect(help.status == 0, "\(name)")
            let usage = help.output.components(separatedBy: "\n\n")[0]
            let declared = Set(try flags("__complete", name, "-").output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) })
            for word in usage.split(whereSeparator: { " []|\n".contains($0) }) where word.hasPrefix("-") && word != "--" {
                #expect(declared.contains(String(word)), "`flags \(name)`: \(word) is in its usage but not in its `options`")
                #expect(help.output.contains("\n  \(word)") || help.output.contains(", \(word)") || global.contains("\n  \(word) "),
                        "`flags \(name) --help` does not list \(word)")
            }
        }
    }

    /// An option row in a command's help (`  --json   print ...`) is one it declares: a list
    /// written into the prose instead would be missing from completion and the man page's
    /// options, and drift from what the command takes.
    @Test func everyOptionRowOfACommandsHelpIsDeclared() throws {
        for name in try commandNames() {
            let help = try flags(name, "--help").output
            let declared = Set(try flags("__complete", name, "-").output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) })
            for line in help.split(separator: "\n") where line.hasPrefix(" ") {
                let word = line.drop { $0 == " " }.prefix { $0 != " " && $0 != "," && $0 != "=" }
                // `--` alone ends the options (a wrapped `matrix` usage line starts with it).
                guard word.count > 1, word != "--", word.hasPrefix("-"), word.dropFirst().first.map({ $0 == "-" || $0.isLetter }) == true else { continue }
                #expect(declared.contains(String(word)), "`flags \(name) --help` lists \(word), which `flags \(name)` does not declare:\n\(line)")
            }
            #expect(help.components(separatedBy: "\nOptions:\n").count <= 2 && help.components(separatedBy: "\nExamples:\n").count <= 2,
                    "`flags \(name) --help` has a hand-written Options or Examples section")
        }
    }

    /// The command reference of `docs/COMMANDS.md` is `flags help --markdown`, pasted between its
    /// markers, so the page never drifts from the help.
    @Test func commandReferenceIsTheGeneratedOne() throws {
        let generated = try flags("help", "--markdown")
        #expect(generated.status == 0)
        let page = try #require(MarkdownBlock.text(of: Self.referencePage), "\(Self.referencePage) cannot be read")
        try #require(page.contains(Self.begin + "\n") && page.contains("\n" + Self.end),
                     "\(Self.referencePage) lacks the markers of the generated command reference")
        let inPage = page.components(separatedBy: Self.begin + "\n")[1].components(separatedBy: "\n" + Self.end)[0]
        #expect(inPage == generated.output.trimmingCharacters(in: .newlines),
                "\(Self.referencePage)'s command reference differs from `swift run flags help --markdown`: paste its output between the markers")
    }

    /// The page that holds the command reference.
    static let referencePage = "docs/COMMANDS.md"
    static let begin = "<!-- generated by `flags help --markdown`: begin -->"
    static let end = "<!-- generated by `flags help --markdown`: end -->"

    @Test func markdownReferenceHasARowPerCommandAndGlobalOption() throws {
        let markdown = try flags("help", "--markdown").output
        for name in try commandNames() { #expect(markdown.contains("| `flags \(name)") || name == "menu", "\(name)") }
        #expect(markdown.contains("| `flags set ID on\\|off \\| flags set ID=on\\|off...` | Override debuggable flags: on or off |"))
        #expect(markdown.contains("| `--color auto\\|always\\|never` |"))
        #expect(markdown.contains("| `NO_COLOR` |"))
    }
}
