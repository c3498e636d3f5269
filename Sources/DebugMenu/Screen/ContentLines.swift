#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Nimbus

/// The scrollable lines of the menu: for each section with rows to show, in `MenuSection`
/// order, a title and its rows, with a spacer before every title but the first.
///
/// A section's rows are kept as runs of neighbouring row indices, not one entry per row, so
/// the unfiltered menu of a 10,000-flag app (two runs of 10,000 rows) is laid out in a few
/// steps, and every lookup below costs O(log) of the runs. A filter makes one run per stretch
/// of matching rows.
///
/// ```swift
/// let lines = ContentLines(runs: [SectionRun(section: .featureFlags, rows: 0..<3),
///                                  SectionRun(section: .buildFlags, rows: 7..<9)])
/// lines.lineCount        // 1 + 3 + 1 + 1 + 2 = 8
/// lines.line(at: 5)      // .sectionTitle(.buildFlags, rowCount: 2)
/// lines.rowIndex(at: 3)  // 7: the fourth row shown is row 7
/// ```
struct ContentLines: Sendable {
    /// One section's title line and rows.
    struct Section: Sendable {
        let section: MenuSection
        /// The content line of the title.
        let titleLine: Int
        /// The position (among all rows shown) of the section's first row.
        let firstPosition: Int
        /// Row indices, ascending, and after each run how many rows the section has so far.
        let runs: [Range<Int>]
        let runEnds: [Int]
        var rowCount: Int { runEnds.last ?? 0 }
        /// The line after the section's last row.
        var endLine: Int { titleLine + 1 + rowCount }
    }

    private(set) var sections: [Section] = []
    /// How many rows are shown, and how many lines there are.
    private(set) var rowCount = 0
    private(set) var lineCount = 0

    /// Lines for the rows in `runs` (in row order, not overlapping), grouped by section in
    /// `MenuSection` order; sections without rows are left out.
    init(runs: [SectionRun] = []) {
        for section in MenuSection.allCases {
            let sectionRuns = runs.filter { $0.section == section && !$0.rows.isEmpty }.map(\.rows)
            guard !sectionRuns.isEmpty else { continue }
            let titleLine = sections.isEmpty ? 0 : lineCount + 1
            var ends: [Int] = []
            var total = 0
            for run in sectionRuns {
                total += run.count
                ends.append(total)
            }
            let added = Section(section: section, titleLine: titleLine, firstPosition: rowCount, runs: sectionRuns, runEnds: ends)
            sections.append(added)
            rowCount += total
            lineCount = added.endLine
        }
    }

    /// What content line `index` (in `0..<lineCount`) shows.
    func line(at index: Int) -> ContentLine {
        guard let section = sections.last(where: { $0.titleLine <= index }) else { return .spacer }
        if index == section.titleLine { return .sectionTitle(section.section, rowCount: section.rowCount) }
        let offset = index - section.titleLine - 1
        return offset < section.rowCount ? .row(position: section.firstPosition + offset) : .spacer
    }

    /// The index into the rows of the row shown at `position` (in `0..<rowCount`).
    func rowIndex(at position: Int) -> Int {
        let section = self.section(holding: position)
        let offset = position - section.firstPosition
        let run = section.runEnds.partitionPoint { $0 > offset }
        let before = run == 0 ? 0 : section.runEnds[run - 1]
        return section.runs[run].lowerBound + (offset - before)
    }

    /// The content line of the row shown at `position`.
    func lineOfRow(at position: Int) -> Int {
        let section = self.section(holding: position)
        return section.titleLine + 1 + (position - section.firstPosition)
    }

    /// The position at which row `index` is shown, if it is.
    func position(ofRow index: Int) -> Int? {
        for section in sections {
            let run = section.runs.partitionPoint { $0.upperBound > index }
            guard run < section.runs.count, section.runs[run].contains(index) else { continue }
            let before = run == 0 ? 0 : section.runEnds[run - 1]
            return section.firstPosition + before + (index - section.runs[run].lowerBound)
        }
        return nil
    }

    /// The first row shown on `line` or below it.
    func firstPosition(atOrAfterLine line: Int) -> Int? {
        for section in sections where line < section.endLine {
            return section.firstPosition + max(0, line - section.titleLine - 1)
        }
        return nil
    }

    /// The last row shown on `line` or above it.
    func lastPosition(atOrBeforeLine line: Int) -> Int? {
        for section in sections.reversed() where line > section.titleLine {
            return section.firstPosition + min(line - section.titleLine - 1, section.rowCount - 1)
        }
        return nil
    }

    private func section(holding position: Int) -> Section {
        sections.last { $0.firstPosition <= position } ?? sections[0]
    }
}
#endif
