#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer
/// Everything the menu screen shows and remembers, with no terminal in it: the rows, which
/// one is selected, the scroll position, the filter, the help overlay, a pending question,
/// a text prompt (a preset's name), the preset chooser and a transient message. Keys go in (`handle(_:)`), `MenuAction`s come out.
///
/// Use one per menu session; feed it every `KeyEvent`, carry out the actions it returns,
/// then give it fresh rows with `update(rows:)` (the selection stays on the same row id).
/// `ScreenRenderer` sets the viewport from the terminal size before each frame.
///
/// Every row can be selected, read-only ones too (so they can be read with the keyboard);
/// only toggle and choice rows produce actions. Moving, paging, jumping and scrolling cost
/// O(1) or O(log n) whatever the number of rows; only filtering walks all rows, and only the
/// first filter after the rows changed makes every row (`MenuRows` makes rows when read, and
/// `ContentLines` lays out runs of rows: a start makes a screenful).
///
/// ```swift
/// var model = ScreenModel(rows: rows)
/// model.setViewport(top: 3, height: 20)
/// model.handle(.character("j"))                 // select the next row
/// if case .toggle(let id)? = model.handle(.character(" ")) { flip(id) }
/// model.handle(.character("/")); model.handle(.character("t"))  // live filter "t"
/// ```
public struct ScreenModel: Sendable {
    /// A question waiting for y/n.
    public enum Confirmation: Equatable, Hashable, Sendable {
        /// Remove every debug override?
        case resetAll(overrideCount: Int)

        /// The question as shown.
        public var prompt: String {
            switch self {
            case .resetAll(let count):
                return "Reset all \(count) override\(count == 1 ? "" : "s")? y/n"
            }
        }
    }

    /// All rows, in the order given (the filter hides some, sections group them).
    public private(set) var rows: MenuRows
    /// The filter text (case-insensitive, on id, title and status text).
    public private(set) var filter: String = ""
    /// Whether typed characters currently edit the filter.
    public private(set) var isEditingFilter = false
    /// Whether the key help covers the rows.
    public private(set) var isHelpShown = false
    /// The question waiting for y/n, if any.
    public private(set) var pendingConfirmation: Confirmation?
    /// The one-line text question being answered (`s`: the name of a preset), if any.
    public private(set) var prompt: TextPrompt?
    /// The preset list drawn over the rows (`p`), if open.
    public private(set) var presetChooser: PresetChooser?
    /// A one-line message, cleared by the next key press.
    public private(set) var message: String?
    /// The first content line shown.
    public private(set) var scrollOffset = 0
    /// The screen row where content starts (for mouse clicks).
    public private(set) var viewportTop = 0
    /// How many content lines fit on screen.
    public private(set) var viewportHeight = 20
    /// Index of the selected row among `visibleRowCount` visible rows; nil when none is visible.
    public private(set) var selection: Int?

    /// The titles, rows and spacers the filter lets through, as runs of rows (O(sections) for
    /// an unfiltered menu, whatever the number of rows).
    private var lines = ContentLines()
    /// The row the user last chose; the filter comes back to it when it shows it again.
    private var anchorRowID: String?
    /// Every row's `searchableText` as UTF-8, one after another (row i's is
    /// `searchBytes[searchStarts[i] ..< searchStarts[i + 1]]`), and every row's section: the
    /// filter scans these plain bytes for every typed key. Scanning the rows themselves retained
    /// and released their strings, row by row: most of a filter key's cost at 10,000 flags (perf).
    private var searchBytes: [UInt8] = []
    /// Rows matching each filter typed since the rows last changed, by lowercased needle. Typing
    /// narrows: a longer needle that contains an earlier one only searches that one's matches, and
    /// Backspace finds the earlier answer here, so a key costs O(matches), not O(rows).
    private var matchCache: [String: [Int]] = [:]
    private var searchStarts: [Int] = [0]
    /// Whether `searchBytes` is out of date: it is made when a filter is first typed after the
    /// rows changed, not at every start of a menu that is never filtered.
    private var isSearchIndexStale = true
    /// The rows as runs of one section (`MenuRows.sectionRuns`), to group rows by section.
    private var sectionRuns: [SectionRun] = []

    /// A model showing `rows`, the first one selected.
    public init(rows: [MenuRow]) {
        self.init(rows: MenuRows(rows))
    }

    /// A model showing `rows`, the first one selected.
    public init(rows: MenuRows) {
        self.rows = rows
        rowsDidChange()
        rebuild(preferredID: nil, fallbackPosition: 0)
    }

    // MARK: - Reading

    /// How many rows the filter lets through.
    public var visibleRowCount: Int { lines.rowCount }

    /// How many content lines there are (titles, spacers and rows).
    public var contentLineCount: Int { lines.lineCount }

    /// The content line at `index` (0 ..< contentLineCount).
    public func contentLine(at index: Int) -> ContentLine { lines.line(at: index) }

    /// The visible row at `position` (0 ..< visibleRowCount).
    public func visibleRow(at position: Int) -> MenuRow { rows[lines.rowIndex(at: position)] }

    /// Indices into `rows` of the rows on the content lines now in the viewport.
    public var rowIndicesInViewport: [Int] {
        let start = max(0, scrollOffset), end = min(lines.lineCount, scrollOffset + viewportHeight)
        guard start < end else { return [] }
        return (start..<end).compactMap { line in
            if case .row(let position) = lines.line(at: line) { lines.rowIndex(at: position) } else { nil }
        }
    }

    /// The index into `rows` of the selected row.
    public var selectedRowIndex: Int? { selection.map { lines.rowIndex(at: $0) } }

    /// The selected row, if a row is visible.
    public var selectedRow: MenuRow? {
        selection.map { visibleRow(at: $0) }
    }

    /// The content line of the selected row.
    public var selectedLine: Int? {
        selection.map { lines.lineOfRow(at: $0) }
    }

    /// The largest useful scroll offset.
    public var maximumScrollOffset: Int { max(0, lines.lineCount - viewportHeight) }

    /// The content lines now on screen.
    public var visibleLineRange: Range<Int> {
        scrollOffset ..< min(lines.lineCount, scrollOffset + viewportHeight)
    }

    // MARK: - Changing from outside

    /// Replaces the rows (after a toggle or an external change), keeping the selection on
    /// the same row id when it still exists, else at the same position.
    public mutating func update(rows newRows: [MenuRow]) {
        update(rows: MenuRows(newRows))
    }

    /// Replaces the rows, as `update(rows:)` with a list does.
    public mutating func update(rows newRows: MenuRows) {
        let selectedID = selectedRow?.id
        let position = selection ?? 0
        rows = newRows
        rowsDidChange()
        rebuild(preferredID: selectedID, fallbackPosition: position)
    }

    /// Replaces the row at `index` (an index into `rows`) after its value changed. Costs O(1)
    /// when the id, section and searchable text stay the same (a toggle, an external change);
    /// otherwise the rows are regrouped as by `update(rows:)`.
    public mutating func replaceRow(at index: Int, with row: MenuRow) {
        guard rows.indices.contains(index) else { return }
        let old = rows[index]
        let selectedID = selectedRow?.id
        rows.replace(at: index, with: row)
        if old.id != row.id || old.section != row.section || old.title != row.title || old.statusText != row.statusText {
            rowsDidChange()
            rebuild(preferredID: selectedID, fallbackPosition: selection ?? 0)
        }
    }

    /// Sets where content starts on screen and how many lines fit, keeping the selection visible.
    /// A taller viewport shows the lines above first, so shrinking the terminal (even to one
    /// line) and growing it back shows the same lines as before.
    public mutating func setViewport(top: Int, height: Int) {
        viewportTop = max(0, top)
        let newHeight = max(1, height)
        if newHeight > viewportHeight { scrollOffset -= newHeight - viewportHeight }
        viewportHeight = newHeight
        clampScroll()
        ensureSelectionVisible()
    }

    /// Shows `text` on the message line until the next key press.
    public mutating func show(message text: String) {
        message = text
    }

    /// Removes the message.
    public mutating func clearMessage() {
        message = nil
    }

    /// Opens the preset list over the rows (the controller's answer to `.choosePreset`).
    public mutating func showPresetChooser(_ chooser: PresetChooser) {
        isHelpShown = false
        presetChooser = chooser
    }

    /// Replaces the filter (as if typed), keeping the selection when it still shows.
    public mutating func setFilter(_ text: String) {
        filter = text
        refilter()
    }

    // MARK: - Keys

    /// Applies one input event and returns what the controller must do, if anything.
    @discardableResult
    public mutating func handle(_ key: KeyEvent) -> MenuAction? {
        switch key {
        case .timeout, .resize:
            return nil
        case .terminationSignal:
            return .quit
        default:
            break
        }
        message = nil

        if let confirmation = pendingConfirmation {
            return answer(confirmation, with: key)
        }
        if prompt != nil {
            return editPrompt(with: key)
        }
        if presetChooser != nil {
            return choosePreset(with: key)
        }
        if isHelpShown {
            switch key {
            case .character("q"):
                return .quit
            case .mouse(_, _, .wheelUp), .mouse(_, _, .wheelDown):
                return nil
            default:
                isHelpShown = false
                return nil
            }
        }
        if isEditingFilter, let handled = editFilter(with: key) {
            return handled.action
        }
        return navigate(with: key)
    }

    // MARK: - Key handling

    private mutating func answer(_ confirmation: Confirmation, with key: KeyEvent) -> MenuAction? {
        switch key {
        case .character("y"), .character("Y"):
            pendingConfirmation = nil
            switch confirmation {
            case .resetAll: return .resetAll
            }
        case .character("n"), .character("N"), .escape, .character("q"):
            pendingConfirmation = nil
            message = "Reset cancelled."
            return nil
        default:
            return nil
        }
    }

    private mutating func editPrompt(with key: KeyEvent) -> MenuAction? {
        guard var current = prompt else { return nil }
        switch key {
        case .character(let character):
            let isControl = character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control }
            if !isControl, current.text.count < TextPrompt.maximumLength {
                current.text.append(character)
                prompt = current
            }
            return nil
        case .backspace:
            if !current.text.isEmpty {
                current.text.removeLast()
                prompt = current
            }
            return nil
        case .enter:
            prompt = nil
            switch current.purpose {
            case .presetName: return .savePreset(name: current.text)
            }
        case .escape:
            prompt = nil
            message = current.cancelledMessage
            return nil
        default:
            return nil
        }
    }

    private mutating func choosePreset(with key: KeyEvent) -> MenuAction? {
        guard var chooser = presetChooser else { return nil }
        switch key {
        case .up, .character("k"):
            chooser.move(by: -1)
        case .down, .character("j"):
            chooser.move(by: 1)
        case .pageUp:
            chooser.move(by: -max(1, viewportHeight - 2))
        case .pageDown:
            chooser.move(by: max(1, viewportHeight - 2))
        case .home, .character("g"):
            chooser.jump(toEnd: false)
        case .end, .character("G"):
            chooser.jump(toEnd: true)
        case .enter:
            presetChooser = nil
            return chooser.selectedItem.map { .applyPreset(name: $0.name) }
        case .escape, .character("q"), .character("p"):
            presetChooser = nil
            return nil
        case .character("s"):
            presetChooser = nil
            prompt = TextPrompt(purpose: .presetName)
            return nil
        default:
            return nil
        }
        presetChooser = chooser
        return nil
    }

    /// The outcome of a key while the filter is edited; nil when the key navigates instead.
    private struct FilterOutcome {
        var action: MenuAction?
    }

    private mutating func editFilter(with key: KeyEvent) -> FilterOutcome? {
        switch key {
        case .character(let character):
            if character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }) {
                return FilterOutcome(action: nil)
            }
            filter.append(character)
            refilter()
            return FilterOutcome(action: nil)
        case .backspace:
            if !filter.isEmpty {
                filter.removeLast()
                refilter()
            }
            return FilterOutcome(action: nil)
        case .enter:
            isEditingFilter = false
            return FilterOutcome(action: nil)
        case .escape:
            isEditingFilter = false
            if !filter.isEmpty {
                filter = ""
                refilter()
            }
            return FilterOutcome(action: nil)
        case .up, .down, .pageUp, .pageDown, .home, .end, .tab, .backTab, .mouse:
            return nil
        default:
            return FilterOutcome(action: nil)
        }
    }

    private mutating func navigate(with key: KeyEvent) -> MenuAction? {
        switch key {
        case .up, .character("k"):
            moveSelection(by: -1)
        case .down, .character("j"):
            moveSelection(by: 1)
        case .pageUp:
            page(by: -1)
        case .pageDown:
            page(by: 1)
        case .home, .character("g"):
            selectFirst()
        case .end, .character("G"):
            selectLast()
        case .tab:
            jumpSection(forward: true)
        case .backTab:
            jumpSection(forward: false)
        case .enter, .character(" "):
            return activateSelection()
        case .character("x"):
            return removeOverrideOfSelection()
        case .character("R"):
            askToResetAll()
        case .character("/"):
            isEditingFilter = true
        case .escape:
            if !filter.isEmpty {
                filter = ""
                refilter()
            }
        case .character("c"):
            return .cycleChannel
        case .character("s"):
            prompt = TextPrompt(purpose: .presetName)
        case .character("p"):
            return .choosePreset
        case .character("?"):
            isHelpShown = true
        case .character("q"):
            return .quit
        case .mouse(let row, _, let kind):
            return mouse(row: row, kind: kind)
        default:
            break
        }
        return nil
    }

    private mutating func activateSelection() -> MenuAction? {
        guard let row = selectedRow else { return nil }
        switch row.kind {
        case .toggle:
            return .toggle(rowID: row.id)
        case .choice:
            return .cycle(rowID: row.id)
        case .readOnly:
            message = "\u{201C}\(row.title)\u{201D} is read-only."
            return nil
        }
    }

    private mutating func removeOverrideOfSelection() -> MenuAction? {
        guard let row = selectedRow else { return nil }
        switch row.kind {
        case .toggle(_, let isOverridden, _, _):
            if isOverridden { return .removeOverride(rowID: row.id) }
            message = "\u{201C}\(row.title)\u{201D} has no override."
            return nil
        case .choice:
            return .removeOverride(rowID: row.id)
        case .readOnly:
            message = "\u{201C}\(row.title)\u{201D} is read-only."
            return nil
        }
    }

    private mutating func askToResetAll() {
        var count = 0
        for row in rows where row.isOverridden { count += 1 }
        if count == 0 {
            message = "No overrides to reset."
        } else {
            pendingConfirmation = .resetAll(overrideCount: count)
        }
    }

    private mutating func mouse(row screenRow: Int, kind: KeyEvent.MouseKind) -> MenuAction? {
        switch kind {
        case .wheelUp:
            scroll(by: -3)
            return nil
        case .wheelDown:
            scroll(by: 3)
            return nil
        case .click:
            let offset = screenRow - viewportTop
            guard offset >= 0, offset < viewportHeight else { return nil }
            let line = scrollOffset + offset
            guard line < lines.lineCount, case .row(let position) = lines.line(at: line) else { return nil }
            select(position)
            return activateSelection()
        }
    }

    // MARK: - Movement (O(1) or O(log n))

    private mutating func select(_ position: Int) {
        guard lines.rowCount > 0 else { return }
        let clamped = min(max(position, 0), lines.rowCount - 1)
        selection = clamped
        anchorRowID = rows[lines.rowIndex(at: clamped)].id
        ensureSelectionVisible()
    }

    private mutating func moveSelection(by delta: Int) {
        guard let current = selection else {
            scroll(by: delta)
            return
        }
        select(current + delta)
    }

    private mutating func page(by direction: Int) {
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

    private mutating func selectFirst() {
        scrollOffset = 0
        select(0)
    }

    private mutating func selectLast() {
        scrollOffset = maximumScrollOffset
        select(lines.rowCount - 1)
    }

    private mutating func jumpSection(forward: Bool) {
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
    private mutating func scroll(by lineCount: Int) {
        scrollOffset = min(max(scrollOffset + lineCount, 0), maximumScrollOffset)
        guard let current = selection else { return }
        let line = lines.lineOfRow(at: current)
        let range = visibleLineRange
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

    private mutating func clampScroll() {
        scrollOffset = min(max(scrollOffset, 0), maximumScrollOffset)
    }

    /// Scrolls the least needed to show the selected row (and its section title when it is
    /// the section's first row).
    private mutating func ensureSelectionVisible() {
        guard let current = selection else {
            clampScroll()
            return
        }
        let line = lines.lineOfRow(at: current)
        var top = line
        if line > 0, case .sectionTitle = lines.line(at: line - 1) { top = line - 1 }
        if current == 0 { top = 0 }
        if top < scrollOffset {
            scrollOffset = top
        }
        if line >= scrollOffset + viewportHeight {
            scrollOffset = line - viewportHeight + 1
        }
        clampScroll()
    }

    // MARK: - Filtering (O(n)) and layout of content lines (O(runs))

    private mutating func refilter() {
        let position = selection ?? 0
        rebuild(preferredID: anchorRowID ?? selectedRow?.id, fallbackPosition: filter.isEmpty ? position : 0)
    }

    /// Notes the rows' sections and that the search index is stale (when rows change).
    private mutating func rowsDidChange() {
        matchCache.removeAll()
        isSearchIndexStale = true
        // Without making the rows (`rows.map(\.section)` would make every one).
        sectionRuns = rows.sectionRuns
    }

    /// Fills `searchBytes` and `searchStarts` from `rows` (O(n)): when a filter needs them.
    private mutating func indexSearchableTexts() {
        isSearchIndexStale = false
        searchBytes.removeAll(keepingCapacity: true)
        searchStarts = [0]
        searchStarts.reserveCapacity(rows.count + 1)
        for row in rows {
            row.appendSearchableText(to: &searchBytes)
            searchStarts.append(searchBytes.count)
        }
    }

    /// The rows whose searchable text contains `needle` (not empty), in row order.
    private mutating func matchingRows(_ needle: String) -> [Int] {
        if let known = matchCache[needle] { return known }
        if isSearchIndexStale { indexSearchableTexts() }
        // The longest earlier needle inside this one: its matches are a superset of ours.
        let narrower = matchCache.keys.filter { needle.contains($0) }.max { $0.count < $1.count }
        let candidates = narrower.flatMap { matchCache[$0] }
        var matches: [Int] = []
        var needleBytes = Array(needle.utf8)
        searchBytes.withUnsafeBufferPointer { bytes in
            needleBytes.withUnsafeMutableBufferPointer { part in
                func test(_ index: Int) {
                    let text = UnsafeBufferPointer(rebasing: bytes[searchStarts[index] ..< searchStarts[index + 1]])
                    if MenuRow.bytes(text, contain: UnsafeBufferPointer(part)) { matches.append(index) }
                }
                if let candidates {
                    for index in candidates { test(index) }
                } else {
                    for index in rows.indices { test(index) }
                }
            }
        }
        if matchCache.count >= 64 { matchCache.removeAll() }
        matchCache[needle] = matches
        return matches
    }

    private mutating func rebuild(preferredID: String?, fallbackPosition: Int) {
        let needle = filter.lowercased()
        if needle.isEmpty {
            lines = ContentLines(runs: sectionRuns)
        } else {
            // Matches are in row order, as are the section runs: walk both once, joining
            // neighbouring matches into one run.
            var sectionRun = 0
            var found: [SectionRun] = []
            for index in matchingRows(needle) {
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
