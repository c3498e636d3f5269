#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// Everything the menu screen shows and remembers, with no terminal in it: the rows, which
/// one is selected, the scroll position, the filter, the mode (the help, the preset chooser,
/// the history view, the Experiments screen, the detail pane, a question on the status line)
/// and a transient message. Keys go in (`handle(_:)`), `MenuAction`s come out.
///
/// Use one per menu session; feed it every `KeyEvent`, carry out the actions it returns,
/// then give it fresh rows with `update(rows:)` (the selection stays on the same row id).
/// `ScreenRenderer` sets the viewport from the terminal size before each frame.
///
/// Keys mean what `MenuKeyBindings` says for the current `keyMode`; the help screen and the
/// footer read the same table. Every row can be selected, read-only ones too (so they can be read with the keyboard);
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
    /// All rows, in the order given (the filter hides some, sections group them).
    public internal(set) var rows: MenuRows
    /// The filter text: its letters in order in a row's id, title, status or source text (as
    /// fzf matches; case-insensitive), best matches first.
    public internal(set) var filter: String = ""
    /// Forced branches and feature values set by hand (the controller counts them in the store):
    /// no row shows them, but `R` resets them with the flag overrides.
    public internal(set) var nimbusOverrideCount = 0
    /// Whether only rows with a debug override are shown (`o`).
    public internal(set) var showsOverriddenOnly = false
    /// The sections shown as their title alone (`z` on a row or a title); a filter shows
    /// its matches in every section.
    public internal(set) var collapsedSections: Set<MenuSection> = []
    /// What the menu is doing (the rows, the filter, an overlay, a question) and that mode's
    /// state; `ScreenModel+Mode.swift` reads each part of it.
    public internal(set) var mode: Mode = .rows
    /// The furthest the help scrolls at the size last drawn (`setHelpScrollLimit`).
    public internal(set) var helpScrollLimit = 0
    /// A one-line message, cleared by the next key press.
    public internal(set) var message: String?
    /// The first content line shown.
    public internal(set) var scrollOffset = 0
    /// The screen row where content starts (for mouse clicks).
    public internal(set) var viewportTop = 0
    /// How many content lines fit on screen.
    public internal(set) var viewportHeight = 20
    /// Index of the selected row among `visibleRowCount` visible rows; nil when none is visible.
    public internal(set) var selection: Int?

    // The setters above are internal only for this type's own extensions (ScreenModel+*.swift),
    // which split its jobs: modes, keys, movement, filtering.

    /// The titles, rows and spacers the filter lets through, as runs of rows (O(sections) for
    /// an unfiltered menu, whatever the number of rows).
    var lines = ContentLines()
    /// The row the user last chose; the filter comes back to it when it shows it again.
    var anchorRowID: String?
    /// What the filter searches, made when a filter is first typed after the rows changed.
    var searchIndex = RowSearchIndex()
    /// The rows as runs of one section (`MenuRows.sectionRuns`), to group rows by section.
    var sectionRuns: [SectionRun] = []

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
        if old.id != row.id || old.section != row.section {
            rowsDidChange()
            rebuild(preferredID: selectedID, fallbackPosition: selection ?? 0)
        } else if !old.hasSameSearchableText(as: row) || old.isOverridden != row.isOverridden {
            // What the filter sees changed: the index is stale, and a filtered view may change.
            searchIndex.invalidate()
            if !filter.isEmpty || showsOverriddenOnly { rebuild(preferredID: selectedID, fallbackPosition: selection ?? 0) }
        }
    }

    /// Sets which sections show only their title (the controller collapses Build only status
    /// when the menu opens).
    public mutating func setCollapsedSections(_ sections: Set<MenuSection>) {
        collapsedSections = sections
        rebuild(preferredID: selectedRow?.id, fallbackPosition: selection ?? 0)
    }

    /// Adds `text` (a paste, fast typing) to the filter or the prompt being typed, as its
    /// characters one by one would, but filtering once; elsewhere it does nothing.
    public mutating func type(_ text: String) {
        let typed = text.filter { MenuKeyBindings.command(for: .character($0), in: keyMode) == .type }
        guard !typed.isEmpty else { return }
        message = nil
        switch keyMode {
        case .filter:
            filter.append(contentsOf: typed)
            refilter()
        case .prompt:
            guard case .prompt(var current, let under) = mode else { return }
            current.insert(contentsOf: typed)
            mode = .prompt(current, over: under)
        default:
            break
        }
    }

    /// Whether the selection is on a collapsed section's title.
    public var isSelectionOnCollapsedSection: Bool {
        selection.map { lines.section(at: $0).isCollapsed } ?? false
    }

    /// The section title drawn over the first content line while its rows scroll under it
    /// (nil when the first line is a title already or the viewport is too short for it).
    public var stickySectionTitle: ContentLine? {
        guard viewportHeight >= 3, scrollOffset > 0, scrollOffset < lines.lineCount else { return nil }
        return lines.sectionTitleAbove(line: scrollOffset)
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

    /// Sets how far the help can scroll at the size being drawn, keeping its offset within it.
    public mutating func setHelpScrollLimit(_ limit: Int) {
        let limit = max(0, limit)
        helpScrollLimit = limit
        changeBody { body in
            if case .help(let offset) = body { body = .help(scrollOffset: min(offset, limit)) }
        }
    }

    /// Sets how many forced branches and feature values the store holds, for `R`'s question.
    public mutating func setNimbusOverrideCount(_ count: Int) {
        nimbusOverrideCount = max(0, count)
    }

    /// Shows `text` on the message line until the next key press.
    public mutating func show(message text: String) {
        message = text
    }

    /// Asks `confirmation` (y/n) on the status line; the answer comes back from `handle(_:)`.
    public mutating func ask(_ confirmation: Confirmation) {
        // A new question replaces one waiting; it does not stack on it.
        if case .confirmation(_, let under) = mode {
            mode = .confirmation(confirmation, over: under)
        } else {
            mode = .confirmation(confirmation, over: mode)
        }
    }

    /// Opens the preset list over the rows (the controller's answer to `.choosePreset`).
    public mutating func showPresetChooser(_ chooser: PresetChooser) {
        changeBody { $0 = .chooser(chooser) }
    }

    /// Replaces the filter (as if typed), keeping the selection when it still shows.
    public mutating func setFilter(_ text: String) {
        filter = text
        refilter()
    }

    // MARK: - Keys

    /// Applies one input event and returns what the controller must do, if anything: the
    /// command `MenuKeyBindings` gives the key in the current `keyMode`, carried out.
    @discardableResult
    public mutating func handle(_ key: KeyEvent) -> MenuAction? {
        switch key {
        case .timeout, .resize:
            return nil
        case .terminationSignal:
            // A signal ends the menu whatever is open: it is the row list's quit binding.
            return MenuKeyBindings.command(for: key, in: .rows) == .quit ? .quit : nil
        default:
            break
        }
        message = nil
        let mode = keyMode
        guard let command = MenuKeyBindings.command(for: key, in: mode) else { return nil }
        switch mode {
        case .confirmation: return answer(command)
        case .prompt: return editPrompt(command, key: key)
        case .chooser: return choosePreset(command)
        case .history: return browseHistory(command)
        case .experiments: return browseExperiments(command)
        case .detail: return browseDetail(command)
        case .help: return helpCommand(command)
        case .filter: return editFilter(command, key: key)
        case .rows: return rowsCommand(command, key: key)
        }
    }
}
#endif
