import Testing
@testable import DebugMenu

@Suite struct ContentLinesTests {
    /// The lines written out one per entry, as the menu drew them before runs: the oracle.
    static func expandedLines(_ runs: [SectionRun]) -> (lines: [ContentLine], rowIndices: [Int]) {
        var lines: [ContentLine] = [], rowIndices: [Int] = []
        for section in MenuSection.allCases {
            let rows = runs.filter { $0.section == section }.flatMap { Array($0.rows) }
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

    static func runs(_ list: [(MenuSection, Range<Int>)]) -> [SectionRun] {
        list.map { SectionRun(section: $0.0, rows: $0.1) }
    }

    static let cases: [[SectionRun]] = [
        [],
        runs([(.featureFlags, 0..<3)]),
        runs([(.featureFlags, 0..<3), (.buildFlags, 7..<9)]),
        // A filter's runs: single rows and stretches, sections taking turns in row order, an empty run.
        runs([(.buildOnlyStatus, 2..<3), (.buildOnlyStatus, 5..<9), (.userPreferences, 11..<11), (.buildOnlyStatus, 20..<21),
              (.featureFlags, 30..<31), (.featureFlags, 40..<45), (.buildFlags, 50..<51)]),
        runs([(.featureFlags, 0..<10_000), (.buildOnlyStatus, 10_000..<20_000), (.buildFlags, 20_000..<20_006)]),
    ]

    @Test func neighbouringRunsOfOneSectionAreJoined() {
        var list: [SectionRun] = []
        list.append(.featureFlags, 0..<3)
        list.append(.featureFlags, 3..<5)
        list.append(.buildFlags, 5..<6)
        list.append(.buildFlags, 7..<8)
        list.append(.buildFlags, 8..<8)
        #expect(list == Self.runs([(.featureFlags, 0..<5), (.buildFlags, 5..<6), (.buildFlags, 7..<8)]))
    }

    @Test(arguments: cases)
    func everyLookupAgreesWithTheLinesWrittenOut(_ runs: [SectionRun]) {
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
