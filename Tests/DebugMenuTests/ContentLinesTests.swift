import Testing
@testable import DebugMenu

@Suite struct ContentLinesTests {
    /// The lines written out one per entry, as the menu drew them before runs: the oracle.
    static func expandedLines(_ runs: [MenuSection: [Range<Int>]]) -> (lines: [ContentLine], rowIndices: [Int]) {
        var lines: [ContentLine] = [], rowIndices: [Int] = []
        for section in MenuSection.allCases {
            let rows = (runs[section] ?? []).flatMap { Array($0) }
            guard !rows.isEmpty else { continue }
            if !lines.isEmpty { lines.append(.spacer) }
            lines.append(.sectionTitle(section, rowCount: rows.count))
            for row in rows {
                lines.append(.row(position: rowIndices.count))
                rowIndices.append(row)
            }
        }
        return (lines, rowIndices)
    }

    static let cases: [[MenuSection: [Range<Int>]]] = [
        [:],
        [.featureFlags: [0..<3]],
        [.featureFlags: [0..<3], .buildFlags: [7..<9]],
        // A filter's runs: single rows and stretches, sections in any order of rows, an empty run.
        [.buildOnlyStatus: [2..<3, 5..<9, 20..<21], .featureFlags: [30..<31, 40..<45], .userPreferences: [11..<11], .buildFlags: [50..<51]],
        [.featureFlags: [0..<10_000], .buildOnlyStatus: [10_000..<20_000], .buildFlags: [20_000..<20_006]],
    ]

    @Test(arguments: cases)
    func everyLookupAgreesWithTheLinesWrittenOut(_ runs: [MenuSection: [Range<Int>]]) {
        let lines = ContentLines(runs: runs)
        let (expected, rowIndices) = Self.expandedLines(runs)
        #expect(lines.lineCount == expected.count && lines.rowCount == rowIndices.count)
        for (index, line) in expected.enumerated() where rowIndices.count < 100 || index % 97 == 0 || index < 30 {
            #expect(lines.line(at: index) == line, "line \(index)")
        }
        var lineOfPosition: [Int: Int] = [:]
        for (line, content) in expected.enumerated() { if case .row(let position) = content { lineOfPosition[position] = line } }
        for position in rowIndices.indices where rowIndices.count < 100 || position % 89 == 0 {
            #expect(lines.rowIndex(at: position) == rowIndices[position])
            #expect(lines.lineOfRow(at: position) == lineOfPosition[position])
            #expect(lines.position(ofRow: rowIndices[position]) == position)
        }
        #expect(lines.position(ofRow: 1_000_000) == nil)
        // Paging: the first row on or below each line, and the last on or above it.
        for line in expected.indices where expected.count < 100 || line % 101 == 0 {
            let below = lineOfPosition.filter { $0.value >= line }.map(\.key).min()
            let above = lineOfPosition.filter { $0.value <= line }.map(\.key).max()
            #expect(lines.firstPosition(atOrAfterLine: line) == below, "line \(line)")
            #expect(lines.lastPosition(atOrBeforeLine: line) == above, "line \(line)")
        }
    }
}
