import Foundation
import Testing
import TestHelpers

/// The README's Performance table quotes a few rows of the full benchmark run that
/// `docs/PERFORMANCE.md` prints whole. Each quoted row must be on that page's output as it is
/// (figure, our time, baseline and ratio), so a new run pasted into the page cannot leave the
/// README's figures behind.
@Suite struct ReadmePerformanceTableTests {
    /// One row of the README's table.
    struct Row: CustomTestStringConvertible, Sendable {
        var figure: String
        var ours: String
        var baseline: String
        var ratio: String
        var testDescription: String { figure }
    }

    /// The body rows of the table under the README's `## Performance`.
    static let rows: [Row] = {
        guard let text = MarkdownBlock.text(of: "README.md") else { return [] }
        var section = "", rows: [Row] = []
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("## ") { section = String(line.dropFirst(3)) }
            guard section == "Performance", line.hasPrefix("| ") else { continue }
            let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
            guard cells.count == 4, cells[0] != "figure" else { continue }
            rows.append(Row(figure: cells[0], ours: cells[1], baseline: cells[2], ratio: cells[3]))
        }
        return rows
    }()

    /// The lines of the full run's output in `docs/PERFORMANCE.md`.
    static let fullRun: [String] = MarkdownBlock.all(in: "docs/PERFORMANCE.md")
        .first { $0.section == "A full run" }?.lines ?? []

    @Test func theReadmeQuotesSomeFigures() {
        #expect(Self.rows.count >= 3, "README.md's Performance section has no table of figures")
        #expect(!Self.fullRun.isEmpty, "docs/PERFORMANCE.md has no fenced output under \"A full run\"")
    }

    @Test(arguments: rows) func eachQuotedRowIsInTheFullRun(row: Row) {
        let line = Self.fullRun.first { $0.hasPrefix(row.figure + " ") && $0.contains(row.baseline) }
        #expect(line != nil, "docs/PERFORMANCE.md's full run has no row \"\(row.figure)\" beside \"\(row.baseline)\"")
        guard let line else { return }
        let cells = line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(cells.contains(row.ours), "README.md quotes \(row.ours) for \"\(row.figure)\"; the full run says: \(line)")
        #expect(cells.contains(row.ratio), "README.md quotes \(row.ratio) for \"\(row.figure)\"; the full run says: \(line)")
    }
}
