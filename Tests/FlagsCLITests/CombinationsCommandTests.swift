import FeatureFlags
import FeatureFlagsTestSupport
import FlagsCLI
import Foundation
import Testing

/// `flags combinations MODEL`: PICT's output form, checked here against the model by this test's
/// own reading of the printed rows, not by the engine's checker.
@Suite struct CombinationsCommandTests {
    let flags = InProcessFlags()
    var folder: TemporaryDirectory { flags.folder }

    func write(_ name: String, _ text: String) throws -> String {
        let path = folder.file(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The printed table: the header and the rows, split at tabs.
    func table(_ output: String) -> (header: [String], rows: [[String]]) {
        let lines = output.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        return (lines.first ?? [], Array(lines.dropFirst()))
    }

    @Test func everyAllowedPairAppearsAndNoRowBreaksTheConstraint() throws {
        let model = try write("browsers.txt", """
            # the rows QA runs
            OS: Win11, macOS, Ubuntu
            Browser: Firefox, Edge, Safari
            Theme: light, dark, system
            Size: 10, 100, 1000

            IF [Browser] = "Safari" THEN [OS] = "macOS";
            IF [OS] = "Ubuntu" THEN [Size] < 1000;
            """)
        let (status, console) = flags.run(["combinations", model])
        #expect(status == 0, "\(console.errors)")
        let (header, rows) = table(console.output)
        #expect(header == ["OS", "Browser", "Theme", "Size"])
        let values = [["Win11", "macOS", "Ubuntu"], ["Firefox", "Edge", "Safari"], ["light", "dark", "system"], ["10", "100", "1000"]]
        func allowed(_ row: [String?]) -> Bool {
            if row[1] == "Safari", let os = row[0], os != "macOS" { return false }
            if row[0] == "Ubuntu", row[3] == "1000" { return false }
            return true
        }
        for row in rows {
            #expect(row.count == 4)
            #expect(allowed(row), "\(row)")
        }
        for a in 0..<4 { for b in (a + 1)..<4 { for x in values[a] { for y in values[b] {
            var pair: [String?] = [nil, nil, nil, nil]
            pair[a] = x
            pair[b] = y
            guard allowed(pair) else { continue }
            #expect(rows.contains { $0[a] == x && $0[b] == y }, "\(header[a])=\(x) \(header[b])=\(y) is in no row")
        } } } }
        // The fewest possible: Safari needs three macOS rows (one per theme), macOS two more for
        // Firefox and Edge, and Win11 and Ubuntu three each (one per theme). PICT prints 13.
        #expect(rows.count == 11, "\(rows.count) rows")
    }

    @Test func strengthThreeCoversEveryTriple() throws {
        let model = try write("cube.txt", "A: 0, 1\nB: 0, 1\nC: 0, 1\nD: 0, 1\nE: 0, 1\n")
        let (status, console) = flags.run(["combinations", "--strength", "3", model])
        #expect(status == 0, "\(console.errors)")
        let rows = table(console.output).rows
        for a in 0..<5 { for b in (a + 1)..<5 { for c in (b + 1)..<5 { for code in 0..<8 {
            let (x, y, z) = (String(code >> 2 & 1), String(code >> 1 & 1), String(code & 1))
            #expect(rows.contains { $0[a] == x && $0[b] == y && $0[c] == z })
        } } } }
        #expect(rows.count <= 12, "the best known for 2^5 at strength 3 is 10; PICT needs 12 or more")
    }

    @Test func theSameModelAndSeedGiveTheSameRowsAndSeedRowsComeFirst() throws {
        let model = try write("m.txt", "A: 1, 2, 3\nB: 1, 2, 3\nC: 1, 2, 3\nD: x, y\nIF [A] = 1 THEN [D] = \"x\";\n")
        let seeds = try write("seeds.tsv", "A\tD\n3\ty\n")
        let first = flags.run(["combinations", model, "--seed", seeds])
        let second = flags.run(["combinations", model, "--seed", seeds])
        #expect(first.status == 0, "\(first.console.errors)")
        #expect(first.console.output == second.console.output)
        let rows = table(first.console.output).rows
        #expect(rows.first?[0] == "3" && rows.first?[3] == "y")
        let other = flags.run(["combinations", model, "--seed", seeds, "--random-seed", "7"])
        #expect(other.status == 0)
        #expect(table(other.console.output).rows.first?[0] == "3")
    }

    @Test func anUnknownNameInAConstraintIsAnErrorAtItsPlaceWithTheNearestName() throws {
        let model = try write("typo.txt", "Browser: Firefox, Edge\nOS: Win11, macOS\nIF [Browsr] = \"Edge\" THEN [OS] = \"Win11\";\n")
        let (status, console) = flags.run(["combinations", model])
        #expect(status == 1)
        #expect(console.errors.contains("typo.txt:3:5: unknown parameter 'Browsr' (did you mean 'Browser'?)"), "\(console.errors)")
        let value = try write("value.txt", "Browser: Firefox, Edge\nOS: Win11, macOS\nIF [Browser] = \"Egde\" THEN [OS] = \"Win11\";\n")
        let (valueStatus, valueConsole) = flags.run(["combinations", value])
        #expect(valueStatus == 1)
        #expect(valueConsole.errors.contains("value.txt:3:") && valueConsole.errors.contains("did you mean 'Edge'?"), "\(valueConsole.errors)")
        #expect(valueConsole.output.isEmpty)
    }

    @Test func escapesInTheModelReachTheTerminalAsQuestionMarks() throws {
        let model = try write("hostile.txt", "Name\u{1B}]0;owned\u{07}: a\u{1B}[2J, b\tc\nB: 1, 2\n")
        let (status, console) = flags.run(["combinations", model])
        #expect(status == 0, "\(console.errors)")
        #expect(!console.output.contains("\u{1B}") && !console.output.contains("\u{07}"))
        // A tab inside a value is one cell's text, not a column of its own.
        #expect(console.output.split(separator: "\n").allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 2 })
        #expect(console.output.contains("b?c"))
    }

    @Test func aModelFileTooLargeOrMissingIsRefusedAndBadOptionsAreUsageErrors() throws {
        let big = try write("big.txt", "A: " + String(repeating: "x", count: 5 << 20) + "\n")
        let (status, console) = flags.run(["combinations", big])
        #expect(status == 1)
        #expect(console.errors.contains("cannot read"), "\(console.errors)")
        #expect(flags.run(["combinations", folder.file("missing.txt")]).status == 1)
        let model = try write("small.txt", "A: 1, 2\nB: 1, 2\n")
        #expect(flags.run(["combinations", "--strength", "3", model]).status == 2)
        #expect(flags.run(["combinations", "--strength", "two", model]).status == 2)
        #expect(flags.run(["combinations"]).status == 2)
    }
}
