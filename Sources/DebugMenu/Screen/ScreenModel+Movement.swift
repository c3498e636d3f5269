#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// Moving the selection and scrolling: every move costs O(1) or O(log n) whatever the number
/// of rows (`ContentLines` answers line and position questions by runs).
extension ScreenModel {
    mutating func select(_ position: Int) {
        guard lines.rowCount > 0 else { return }
        let clamped = min(max(position, 0), lines.rowCount - 1)
        selection = clamped
        anchorRowID = rows[lines.rowIndex(at: clamped)].id
        ensureSelectionVisible()
    }

    mutating func moveSelection(by delta: Int) {
        guard let current = selection else {
            scroll(by: delta)
            return
        }
        select(current + delta)
    }

    mutating func page(by direction: Int) {
        let step = max(1, viewportHeight - 1)
        guard let current = selection else {
            scroll(by: direction * step)
            return
        }
        let targetLine = lines.lineOfRow(at: current) + direction * step
        let position: Int
        if direction > 0 {
            position = lines.firstPosition(atOrAfterLine: targetLine) ?? lines.rowCount - 1
        } else {
            position = lines.lastPosition(atOrBeforeLine: targetLine) ?? 0
        }
        scrollOffset = min(max(scrollOffset + direction * step, 0), maximumScrollOffset)
        select(position)
    }

    mutating func selectFirst() {
        scrollOffset = 0
        select(0)
    }

    mutating func selectLast() {
        scrollOffset = maximumScrollOffset
        select(lines.rowCount - 1)
    }

    mutating func jumpSection(forward: Bool) {
        let sections = lines.sections
        guard let current = selection, !sections.isEmpty else { return }
        // The section holding the selection: the last one starting at or before it.
        let index = sections.lastIndex { $0.firstPosition <= current } ?? 0
        let count = sections.count
        let target = sections[forward ? (index + 1) % count : (index - 1 + count) % count]
        scrollOffset = min(target.titleLine, maximumScrollOffset)
        select(target.firstPosition)
    }

    /// Scrolls the view, then pulls the selection into it when it fell outside.
    mutating func scroll(by lineCount: Int) {
        scrollOffset = min(max(scrollOffset + lineCount, 0), maximumScrollOffset)
        guard let current = selection else { return }
        let line = lines.lineOfRow(at: current)
        let visible = visibleLineRange
        // Under the sticky title is not in view.
        let range = (stickySectionTitle != nil ? visible.lowerBound + 1 : visible.lowerBound) ..< visible.upperBound
        if line < range.lowerBound, let position = lines.firstPosition(atOrAfterLine: range.lowerBound),
           lines.lineOfRow(at: position) < range.upperBound {
            selection = position
            anchorRowID = rows[lines.rowIndex(at: position)].id
        } else if line >= range.upperBound, let position = lines.lastPosition(atOrBeforeLine: range.upperBound - 1),
                  lines.lineOfRow(at: position) >= range.lowerBound {
            selection = position
            anchorRowID = rows[lines.rowIndex(at: position)].id
        }
    }

    mutating func clampScroll() {
        scrollOffset = min(max(scrollOffset, 0), maximumScrollOffset)
    }

    /// Scrolls the least needed to show the selected row (and its section title when it is
    /// the section's first row).
    mutating func ensureSelectionVisible() {
        guard let current = selection else {
            clampScroll()
            return
        }
        let line = lines.lineOfRow(at: current)
        var top = line
        if line > 0, case .sectionTitle = lines.line(at: line - 1) { top = line - 1 }
        // A row with its section's title off screen would sit under the sticky title: keep the
        // line above it in view too (the title itself, or a row the sticky title covers).
        if line > 0, viewportHeight >= 3, case .row = lines.line(at: line) { top = line - 1 }
        if current == 0 { top = 0 }
        if top < scrollOffset {
            scrollOffset = top
        }
        if line >= scrollOffset + viewportHeight {
            scrollOffset = line - viewportHeight + 1
        }
        clampScroll()
    }
}
#endif
