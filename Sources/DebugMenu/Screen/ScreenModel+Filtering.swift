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

    mutating func rebuild(preferredID: String?, fallbackPosition: Int) {
        let needle = filter.lowercased()
        if needle.isEmpty {
            lines = ContentLines(runs: sectionRuns)
        } else {
            // Matches are in row order, as are the section runs: walk both once, joining
            // neighbouring matches into one run.
            var sectionRun = 0
            var found: [SectionRun] = []
            for index in searchIndex.matches(needle, in: rows) {
                while sectionRun < sectionRuns.count, !sectionRuns[sectionRun].rows.contains(index) { sectionRun += 1 }
                guard sectionRun < sectionRuns.count else { break }
                found.append(sectionRuns[sectionRun].section, index..<(index + 1))
            }
            lines = ContentLines(runs: found)
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
