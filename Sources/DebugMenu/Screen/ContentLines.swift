#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT

/// The scrollable lines of the menu: for each section with rows to show, in `MenuSection`
/// order, a title and its rows, with a spacer before every title but the first. A collapsed
/// section is its title alone, which is then the section's one selectable position (its first
/// row stands for it), so moving, paging and jumping need no special case.
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
        /// Whether only the title is shown.
        let isCollapsed: Bool
        /// How many rows the section has (shown or, when collapsed, hidden).
        let sectionRowCount: Int
        /// How many positions the section takes: its rows, or its title when collapsed.
        var rowCount: Int { isCollapsed ? 1 : sectionRowCount }
        /// The line of the first position (the title itself when collapsed).
        var firstRowLine: Int { isCollapsed ? titleLine : titleLine + 1 }
        /// The line after the section's last row.
        var endLine: Int { firstRowLine + rowCount }
    }

    private(set) var sections: [Section] = []
    /// How many rows are shown, and how many lines there are.
    private(set) var rowCount = 0
    private(set) var lineCount = 0

    /// Lines for the rows in `runs` (not overlapping; within a section in the order shown),
    /// grouped by section in `MenuSection` order; sections without rows are left out, and those
    /// in `collapsed` show only their title.
    init(runs: [SectionRun] = [], collapsed: Set<MenuSection> = []) {
        for section in MenuSection.allCases {
            var sectionRuns = runs.filter { $0.section == section && !$0.rows.isEmpty }.map(\.rows)
            guard !sectionRuns.isEmpty else { continue }
            let titleLine = sections.isEmpty ? 0 : lineCount + 1
            var ends: [Int] = []
            var total = 0
            for run in sectionRuns {
                total += run.count
                ends.append(total)
            }
            let isCollapsed = collapsed.contains(section)
            let hiddenCount = total
            if isCollapsed {
                // The first row stands for the collapsed section (its selection keeps the id).
                sectionRuns = [sectionRuns[0].lowerBound ..< sectionRuns[0].lowerBound + 1]
                ends = [1]
            }
            let added = Section(section: section, titleLine: titleLine, firstPosition: rowCount, runs: sectionRuns, runEnds: ends,
                                isCollapsed: isCollapsed, sectionRowCount: hiddenCount)
            sections.append(added)
            rowCount += added.rowCount
            lineCount = added.endLine
        }
    }

    /// What content line `index` (in `0..<lineCount`) shows.
    func line(at index: Int) -> ContentLine {
        guard let section = sections.last(where: { $0.titleLine <= index }) else { return .spacer }
        if index == section.titleLine {
            if section.isCollapsed {
                return .collapsedSectionTitle(section.section, rowCount: section.sectionRowCount, position: section.firstPosition)
            }
            return .sectionTitle(section.section, rowCount: section.rowCount)
        }
        let offset = index - section.firstRowLine
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
        return section.firstRowLine + (position - section.firstPosition)
    }

    /// The section shown at `position`, and whether it is collapsed (the position is its title).
    func section(at position: Int) -> (section: MenuSection, isCollapsed: Bool) {
        let section = self.section(holding: position)
        return (section.section, section.isCollapsed)
    }

    /// The section whose rows run through `line` below its title (the one a sticky title names).
    func sectionTitleAbove(line: Int) -> ContentLine? {
        guard let section = sections.last(where: { $0.titleLine < line }), line < section.endLine, !section.isCollapsed else { return nil }
        return .sectionTitle(section.section, rowCount: section.rowCount)
    }

    /// The position at which row `index` is shown, if it is.
    func position(ofRow index: Int) -> Int? {
        // The runs of a filtered view are in score order, not row order: a walk, O(runs).
        for section in sections {
            for (run, rows) in section.runs.enumerated() where rows.contains(index) {
                let before = run == 0 ? 0 : section.runEnds[run - 1]
                return section.firstPosition + before + (index - rows.lowerBound)
            }
        }
        return nil
    }

    /// The first row shown on `line` or below it.
    func firstPosition(atOrAfterLine line: Int) -> Int? {
        for section in sections where line < section.endLine {
            return section.firstPosition + max(0, line - section.firstRowLine)
        }
        return nil
    }

    /// The last row shown on `line` or above it.
    func lastPosition(atOrBeforeLine line: Int) -> Int? {
        for section in sections.reversed() where line >= section.firstRowLine {
            return section.firstPosition + min(line - section.firstRowLine, section.rowCount - 1)
        }
        return nil
    }

    private func section(holding position: Int) -> Section {
        sections.last { $0.firstPosition <= position } ?? sections[0]
    }
}
#endif
