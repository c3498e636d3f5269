import BibimbapApp
import Foundation
import Testing

@Suite struct BibimbapArgumentsTests {
    @Test func defaults() throws {
        let arguments = try BibimbapArguments.parse([])
        #expect(arguments == BibimbapArguments())
        #expect(!arguments.watch && arguments.intervalMilliseconds == 200 && arguments.color == .auto && arguments.width == nil && !arguments.annotate)
    }

    @Test func everyOption() throws {
        let arguments = try BibimbapArguments.parse(["--watch", "--interval", "50", "--config=/a/feature-flags.yaml",
                                                     "--store", "/b/prefs.sqlite", "--color", "never", "--width", "80", "--annotate"])
        #expect(arguments.watch && arguments.intervalMilliseconds == 50 && arguments.width == 80 && arguments.annotate)
        #expect(arguments.configPath == "/a/feature-flags.yaml" && arguments.storePath == "/b/prefs.sqlite")
        #expect(arguments.color == .never)
        #expect(try BibimbapArguments.parse(["--no-color"]).color == .never)
        #expect(try BibimbapArguments.parse(["--colour=always"]).color == .always)
        #expect(try BibimbapArguments.parse(["-h"]).showHelp)
        #expect(try BibimbapArguments.parse(["--help"]).showHelp)
        #expect(try BibimbapArguments.parse(["help"]).showHelp)
        #expect(try BibimbapArguments.parse(["--no-colour"]).color == .never)
    }

    @Test(arguments: [
        (["--frobnicate"], "unknown option '--frobnicate'"),
        (["menu"], "unexpected argument 'menu'"),
        (["--store"], "--store needs a value"),
        (["--store", "--watch"], "--store needs a value"),
        (["--interval", "soon"], "--interval needs a whole number of at least 10, not 'soon'"),
        (["--width", "47"], "--width needs a whole number of at least 48, not '47'"),
        (["--annotate=yes"], "--annotate takes no value"),
        (["--color", "pink"], "--color takes auto, always or never, not 'pink'"),
        (["--watch=yes"], "--watch takes no value"),
        (["--wach"], "unknown option '--wach' (did you mean '--watch'?)"),
        (["help", "menu"], "unexpected argument 'menu'"),
        (["--store", ""], "--store needs a file path, not an empty one (leave it out for the default store)"),
    ])
    func mistakesAreExplained(words: [String], message: String) {
        #expect(throws: BibimbapArguments.UsageError(description: message)) { try BibimbapArguments.parse(words) }
    }

    @Test func helpNamesEveryOption() {
        for option in ["--watch", "--interval", "--config", "--store", "--color", "--no-color", "--width", "--help", "tmux"] {
            #expect(BibimbapArguments.help.contains(option))
        }
    }

    /// The usage lines name every option the OPTIONS list explains, and so does the line for
    /// `bibimbap --help` in `docs/APPS.md`, as the program prints them; the help fits 80 columns.
    @Test func theUsageNamesEveryOptionAndTheReadmeAgrees() throws {
        let help = BibimbapArguments.help
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
        let usage = help.components(separatedBy: "USAGE: ")[1].components(separatedBy: "\n\n")[0]
        let options = help.components(separatedBy: "OPTIONS:\n")[1].components(separatedBy: "\n\n")[0]
            .split(separator: "\n").compactMap { line -> String? in
                let word = line.drop { $0 == " " }.prefix { $0 != " " && $0 != "," }
                return word.hasPrefix("--") && word != "--help" ? String(word) : nil
            }
        #expect(options.count >= 7, "\(options)")
        for option in options { #expect(usage.contains(option), "USAGE leaves out \(option):\n\(usage)") }
        let page = try String(contentsOfFile: Self.packageRoot + "/docs/APPS.md", encoding: .utf8)
        let line = try #require(page.split(separator: "\n").first { $0.hasPrefix("swift run bibimbap --help") })
        for option in line.split(whereSeparator: { " ,#".contains($0) }) where option.hasPrefix("--") && option != "--help" {
            #expect(usage.contains(option.split(separator: " ")[0]), "docs/APPS.md names \(option), which the usage lacks")
        }
        for option in options { #expect(line.contains(option), "docs/APPS.md's `bibimbap --help` line leaves out \(option)") }
    }

    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0 ..< 3 { url.deleteLastPathComponent() }
        return url.path
    }()
}
