@testable import FlagsCLI
import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing

/// Tables fit the width the console stands for (a terminal's, 80 for a file or pipe): the long
/// texts' columns are cut first, a cut cell ends in `…`, `--json` keeps every text whole, and a
/// long value far back in the history does not widen `log`'s first rows.
@Suite struct TableWidthTests {
    @Test(arguments: [80, 50]) func experimentsFitsTheWidthAndSaysEachCutReasonWholeBelow(_ columns: Int) throws {
        let flags = InProcessFlags(environment: ["LANG": "C", "LC_ALL": ""], columns: columns)
        let (status, console) = flags.run(["experiments"])
        #expect(status == 0)
        let lines = console.output.split(separator: "\n").dropFirst()   // the first names the records' file
        #expect(lines.allSatisfy { $0.count <= columns }, "\(console.output)")
        #expect(lines.contains { $0.hasPrefix("korean-") && $0.contains("\u{2026}") }, "\(console.output)")
        let below = console.output.replacingOccurrences(of: "\n    ", with: " ")
        #expect(below.contains("not-enrolled: korean-tip-jar: targeting did not match: `language == 'ko'` is false (language is \"en\")"), "\(below)")
        let json = try JSONParser.parse(flags.run(["experiments", "--json"]).console.output)
        #expect(json["records"]?.arrayValue?.contains { $0["explanation"]?.stringValue?.contains("(language is \"en\")") == true } == true)
    }

    @Test func logFitsTheWidthWhateverTheHistoryHolds() throws {
        let flags = InProcessFlags(environment: ["LANG": "C", "LC_ALL": ""])
        let long = String(repeating: "a very long value ", count: 8)
        #expect(flags.run(["feature", "set", "promo-banner-feature", "message", long]).status == 0)
        for _ in 0 ..< 3 { #expect(flags.run(["set", "tipJar", "off"]).status == 0 && flags.run(["set", "tipJar", "on"]).status == 0) }
        let (_, console) = flags.run(["log"])
        let lines = console.output.split(separator: "\n")
        #expect(lines.count == 8)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(console.output)")
        // The first rows, as `flags log | head -3` shows them, are no wider for the long value below.
        #expect(lines.prefix(3).allSatisfy { $0.count < 70 }, "\(console.output)")
        let json = try JSONParser.parse(flags.run(["log", "--json"]).console.output)
        #expect(json.arrayValue?.contains { $0["new"]?.stringValue?.contains(long.trimmingCharacters(in: .whitespaces)) == true } == true)
    }

    @Test func aCutCellEndsInAnEllipsisAndNarrowColumnsStayWhole() {
        var table = TextTable(header: ["SLUG", "REASON", "TYPE"], rows: [["a-slug", String(repeating: "why ", count: 30), "rollout"]])
        table.cutFirst = [[1]]
        let lines = table.render(width: 40).split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 40 }, "\(lines)")
        #expect(lines[1].hasPrefix("a-slug  why why ") && lines[1].contains("\u{2026}  rollout"), "\(lines)")
        #expect(table.render().split(separator: "\n")[1].count > 100, "without a width nothing is cut")
    }

    @Test func anUnsafeCellIsShownSafeAndMeasuredAsShown() {
        // A title from a hostile registry: its escape must not reach the terminal, and the
        // column is as wide as the `?` it shows, so the next column stays aligned.
        var table = TextTable(header: ["FLAG", "TITLE", "VALUE"],
                              rows: [["tipJar", "Tip\u{1B}[2JJar", "on"], ["reviews", "Reviews", "off"]])
        table.cutFirst = [[1]]
        let lines = table.render().split(separator: "\n").map(String.init)
        #expect(!lines.joined().contains("\u{1B}"))
        #expect(lines[1] == "tipJar   Tip?[2JJar  on", "\(lines)")
        #expect(lines[2] == "reviews  Reviews     off", "\(lines)")
        let cut = table.render(width: 24).split(separator: "\n").map(String.init)
        #expect(cut[1] == "tipJar   Tip?[2J\u{2026}  on" && cut[2] == "reviews  Reviews   off", "\(cut)")
    }
}
