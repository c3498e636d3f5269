#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// Filtering (O(matches) per typed key, O(n) for the first one after the rows changed, in
/// `RowSearchIndex`) and the layout of content lines (O(runs)).
extension ScreenModel {
    mutating func refilter() {
        let position = selection ?? 0
        rebuild(preferredID: anchorRowID ?? selectedRow?.id, fallbackPosition: filter.isEmpty ? position : 0)
    }

    /// Notes the rows' sections and that the search index is stale (when rows change).
    mutating func rowsDidChange() {
        searchIndex.invalidate()
        // Without making the rows (`rows.map(\.section)` would make every one).
        sectionRuns = rows.sectionRuns
    }

    /// `matches` (in row order) by score, best first, ties in row order: scores are few small
    /// numbers, so a pass per distinct score beats a comparison sort of 20,000 matches.
    static func bestFirst(_ matches: [RowSearchIndex.Match]) -> [RowSearchIndex.Match] {
        var scores = Set<Int>()
        for match in matches { scores.insert(match.score) }
        guard scores.count > 1 else { return matches }
        if scores.count > 64 { return matches.sorted { ($0.score, -$0.index) > ($1.score, -$1.index) } }
        var ordered: [RowSearchIndex.Match] = []
        ordered.reserveCapacity(matches.count)
        for score in scores.sorted(by: >) {
            for match in matches where match.score == score { ordered.append(match) }
        }
        return ordered
    }

    mutating func rebuild(preferredID: String?, fallbackPosition: Int) {
        let needle = filter.lowercased()
        // A filter shows its matches in every section, collapsed or not: it is how rows are found.
        let collapsed = needle.isEmpty ? collapsedSections : []
        if needle.isEmpty && !showsOverriddenOnly {
            lines = ContentLines(runs: sectionRuns, collapsed: collapsed)
        } else {
            // Matches are in row order, as are the section runs: walk both once, then order each
            // section's matches best first (ties keep row order), joining neighbouring rows.
            var matches: [RowSearchIndex.Match]
            if needle.isEmpty {
                matches = []
                for (index, row) in zip(rows.indices, rows) where row.isOverridden { matches.append(.init(index: index, score: 0)) }
            } else {
                matches = searchIndex.matches(needle, in: rows)
                if showsOverriddenOnly { matches.removeAll { !rows[$0.index].isOverridden } }
            }
            var sectionRun = 0
            var bySection: [(section: MenuSection, matches: [RowSearchIndex.Match])] = []
            for match in matches {
                while sectionRun < sectionRuns.count, !sectionRuns[sectionRun].rows.contains(match.index) { sectionRun += 1 }
                guard sectionRun < sectionRuns.count else { break }
                let section = sectionRuns[sectionRun].section
                if bySection.last?.section == section {
                    bySection[bySection.count - 1].matches.append(match)
                } else {
                    bySection.append((section, [match]))
                }
            }
            var found: [SectionRun] = []
            for (section, sectionMatches) in bySection {
                for match in needle.isEmpty ? sectionMatches : Self.bestFirst(sectionMatches) {
                    found.append(section, match.index..<(match.index + 1))
                }
            }
            lines = ContentLines(runs: found, collapsed: collapsed)
        }

        if lines.rowCount == 0 {
            selection = nil
        } else if let preferredID, let index = rows.index(ofID: preferredID), let position = lines.position(ofRow: index) {
            selection = position
        } else {
            selection = min(max(fallbackPosition, 0), lines.rowCount - 1)
        }
        if anchorRowID == nil { anchorRowID = selectedRow?.id }
        clampScroll()
        ensureSelectionVisible()
    }
}
#endif
