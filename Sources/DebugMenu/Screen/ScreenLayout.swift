#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// Turns a `ScreenModel`, a `MenuHeader` and a terminal size into the exact lines to draw:
/// text and style per segment, every line exactly as wide as the terminal. Pure: no
/// terminal involved, so tests read the screen as a user would.
///
/// Use it through `ScreenRenderer` on a terminal, directly in tests. Layout, top to bottom:
/// a header (app, channels; counts, experiments status and store; a rule), the scrollable
/// content (section titles and rows, the key help, or the preset chooser), a status line
/// (question, text prompt, filter, message, position) and a footer with the main keys (the
/// least important are dropped whole when the terminal is narrow). Rows read `▸ [✓] ● Title   status text   source`:
/// the pointer marks the selection, `●` (ASCII `*`) an override, in accent color too, so
/// `NO_COLOR` loses nothing; read-only rows are dimmed. While a filter is set, its matched
/// letters are drawn in `.match` (underlined); the title of the section being scrolled through
/// stays on the first content line; a collapsed section is one `+` title line.
/// Below `minimumSize` (40 columns × 8 lines) only a centered "Terminal too small" message
/// is drawn; a 1×1 terminal gets one clipped character, a 0-sized one no lines.
///
/// ```swift
/// var model = ScreenModel(rows: rows)
/// let size = Terminal.Size(rows: 24, columns: 80)
/// let viewport = ScreenLayout.viewport(for: size)
/// model.setViewport(top: viewport.top, height: viewport.height)
/// let lines = ScreenLayout(glyphs: .ascii).lines(for: model, header: header, size: size)
/// print(lines.map(\.text).joined(separator: "\n"))
/// ```
public struct ScreenLayout: Sendable {
    /// The smallest terminal the menu draws on.
    public static let minimumSize = Terminal.Size(rows: 8, columns: 40)
    /// Lines above the content.
    public static let headerHeight = 3
    /// Lines below the content (status line and footer).
    public static let footerHeight = 2

    /// The symbols to draw with.
    public var glyphs: ScreenGlyphs
    /// How wide text is on the target terminal.
    public var measure: TextMeasure

    public init(glyphs: ScreenGlyphs = .unicode, measure: TextMeasure = .unicode) {
        self.glyphs = glyphs
        self.measure = measure
    }

    /// Where the scrollable content sits for a terminal of `size`.
    public static func viewport(for size: Terminal.Size) -> (top: Int, height: Int) {
        (headerHeight, max(1, size.rows - headerHeight - footerHeight))
    }

    /// Whether `size` is below `minimumSize`.
    public static func isTooSmall(_ size: Terminal.Size) -> Bool {
        size.rows < minimumSize.rows || size.columns < minimumSize.columns
    }

    /// The lines to draw, top to bottom (`size.rows` of them, each `size.columns` wide).
    /// Costs O(lines on screen), whatever the number of rows.
    public func lines(for model: ScreenModel, header: MenuHeader, size: Terminal.Size) -> [DrawnLine] {
        guard size.rows > 0, size.columns > 0 else { return [] }
        if Self.isTooSmall(size) { return tooSmall(size) }
        let width = size.columns
        var result: [DrawnLine] = []
        result.reserveCapacity(size.rows)
        result.append(contentsOf: headerLines(header, width: width, overriddenOnly: model.showsOverriddenOnly))
        let height = Self.viewport(for: size).height
        switch model.mode.body {
        case .chooser(let chooser):
            result.append(contentsOf: chooserLines(chooser, width: width, height: height))
        case .history(let history):
            result.append(contentsOf: historyLines(history, width: width, height: height))
        case .experiments(let experiments):
            result.append(contentsOf: experimentsLines(experiments, width: width, height: height))
        case .detail(let pane):
            result.append(contentsOf: detailLines(pane, width: width, height: height))
        case .help(let offset):
            result.append(contentsOf: helpLines(width: width, height: height, offset: offset))
        case .rows, .filter, .prompt, .confirmation:
            // A body is never a question (`Mode.body` looks under them).
            result.append(contentsOf: contentLines(model, width: width, height: height))
        }
        result.append(statusLine(model, width: width))
        result.append(footerLine(model, width: width))
        return result
    }

    // MARK: - Too small

    private func tooSmall(_ size: Terminal.Size) -> [DrawnLine] {
        let minimum = Self.minimumSize
        let first = "Terminal too small (\(size.columns)x\(size.rows));"
        let second = "need at least \(minimum.columns)x\(minimum.rows)"
        let whole = first + " " + second
        // One line when it fits, else two, else as much as fits.
        let message = measure.width(of: whole) <= size.columns || size.rows < 2 ? [whole] : [first, second]
        let top = max(0, (size.rows - message.count) / 2)
        return (0 ..< size.rows).map { row in
            let index = row - top
            guard index >= 0, index < message.count else { return line([], width: size.columns) }
            let text = message[index]
            let left = max(0, (size.columns - measure.width(of: text)) / 2)
            return line([(String(repeating: " ", count: left), .normal), (text, .error)], width: size.columns)
        }
    }

    // MARK: - Header

    private func headerLines(_ header: MenuHeader, width: Int, overriddenOnly: Bool = false) -> [DrawnLine] {
        let dot = " \(glyphs.separator) "
        var channels = "build \(header.buildChannel)"
        if let preview = header.previewChannel, preview != header.buildChannel {
            channels += "\(dot)previewing \(preview)"
        }
        let title = " \(header.appName)\(dot)Feature Flags"
        let gap = max(2, width - measure.width(of: title) - measure.width(of: channels) - 1)
        let first = line([(title, .header), (String(repeating: " ", count: gap), .header), (channels + " ", .header)],
                         width: width, padStyle: .header)

        let counts = " \(header.flagCount) flag\(header.flagCount == 1 ? "" : "s")\(dot)"
            + "\(header.overrideCount) overridden\(dot)"
            + (header.nimbusOverrideCount == 0 ? "" : "\(header.nimbusOverrideCount) Nimbus override\(header.nimbusOverrideCount == 1 ? "" : "s")\(dot)")
        var parts: [(String, TextStyle)] = [(counts, .normal)]
        if overriddenOnly { parts.append(("overridden only (o shows all)" + dot, .accent)) }
        if let note = header.statusNote, !note.isEmpty {
            parts.append((note + dot, .bold))
        }
        if let experiments = header.experimentsStatus, !experiments.isEmpty {
            parts.append((experiments + dot, .accent))
        }
        let used = parts.reduce(0) { $0 + measure.width(of: $1.0) }
        let pathRoom = max(0, width - used)
        parts.append((measure.fitWithEllipsis("store " + header.storePath, to: pathRoom, ellipsis: glyphs.ellipsis), .dim))
        let second = line(parts, width: width)

        let rule = line([(String(repeating: glyphs.rule, count: width), .dim)], width: width)
        return [first, second, rule]
    }

    // MARK: - Content

    private func contentLines(_ model: ScreenModel, width: Int, height: Int) -> [DrawnLine] {
        var result: [DrawnLine] = []
        if model.visibleRowCount == 0 {
            let text = model.filter.isEmpty
                ? "  Nothing to show."
                : "  No rows match \u{201C}\(model.filter)\u{201D}. Esc clears the filter."
            result.append(line([(text, .dim)], width: width))
        } else {
            let columns = RowColumns(width: width)
            let needle = model.filter.lowercased()
            let end = min(model.contentLineCount, model.scrollOffset + height)
            let sticky = model.stickySectionTitle
            for index in model.scrollOffset ..< end {
                // The current section's title stays on the first line while its rows scroll.
                let content = index == model.scrollOffset ? sticky ?? model.contentLine(at: index) : model.contentLine(at: index)
                switch content {
                case .spacer:
                    result.append(line([], width: width))
                case .sectionTitle(let section, let count):
                    result.append(sectionTitle(section, count: count, width: width))
                case .collapsedSectionTitle(let section, let count, let position):
                    result.append(sectionTitle(section, count: count, width: width, collapsed: true,
                                               isSelected: position == model.selection))
                case .row(let position):
                    result.append(rowLine(model.visibleRow(at: position),
                                          isSelected: position == model.selection,
                                          columns: columns, width: width, needle: needle))
                }
            }
        }
        while result.count < height { result.append(line([], width: width)) }
        return result
    }

    /// A section's title; a collapsed one starts with the pointer (or `+`) and says how to open it.
    private func sectionTitle(_ section: MenuSection, count: Int, width: Int, collapsed: Bool = false,
                              isSelected: Bool = false) -> DrawnLine {
        let title = collapsed
            ? "\(isSelected ? glyphs.pointer : "+") \(section.title) (\(count)) collapsed, z opens "
            : " \(section.title) (\(count)) "
        let ruleWidth = max(0, width - measure.width(of: title) - 1)
        return line([(title, isSelected ? .selected : .bold), (String(repeating: glyphs.rule, count: ruleWidth), .dim)],
                     width: width)
    }

    /// Column widths of a row for a terminal `width` columns wide.
    private struct RowColumns {
        static let leading = 8  // "▸ [✓] ● "
        var title: Int
        var status: Int
        var source: Int

        init(width: Int) {
            let rest = max(0, width - Self.leading - 1)
            if rest >= 60 {
                source = min(40, rest * 33 / 100)
                title = (rest - source - 4) * 45 / 100
                status = rest - source - 4 - title
            } else {
                status = 0
                title = max(0, (rest - 2) * 55 / 100)
                source = max(0, rest - 2 - title)
            }
        }
    }

    private func rowLine(_ row: MenuRow, isSelected: Bool, columns: RowColumns, width: Int, needle: String = "") -> DrawnLine {
        let switchText: String
        let sourceText = row.sourceColumnText
        switch row.kind {
        case .toggle(let isOn, _, _, _):
            switchText = "[\(isOn ? glyphs.on : glyphs.off)]"
        case .choice:
            switchText = "[\(glyphs.choice)]"
        case .readOnly:
            switchText = "   "
        }
        // The matched letters of the filter, in the drawn text that matches it best.
        var highlight: (column: Int, positions: [Int])?
        if !needle.isEmpty {
            var best: Int?
            for (column, text) in [row.title, row.statusText, sourceText].enumerated() where column != 1 || columns.status > 0 {
                guard let positions = FuzzyMatch.positions(of: needle, in: text) else { continue }
                let score = Self.highlightScore(positions)
                if best.map({ score > $0 }) ?? true { best = score; highlight = (column, positions) }
            }
        }
        func fitted(_ text: String, column: Int, to room: Int, style: TextStyle, after: String) -> [(String, TextStyle)] {
            let fit = measure.fitWithEllipsis(text, to: room, ellipsis: glyphs.ellipsis)
            guard let highlight, highlight.column == column else { return [(fit + after, style)] }
            return Self.split(fit, marking: Set(highlight.positions), style: style,
                              matchStyle: isSelected ? .selectedMatch : .match) + [(after, style)]
        }
        let overridden = row.isOverridden
        let readOnly = !row.isActionable
        let plain: TextStyle = isSelected ? .selected : (readOnly ? .dim : .normal)
        let accent: TextStyle = isSelected ? .selectedAccent : .accent
        let secondary: TextStyle = isSelected ? .selected : .dim

        var parts: [(String, TextStyle)] = []
        parts.append((isSelected ? "\(glyphs.pointer) " : "  ", plain))
        parts.append((measure.fit(switchText, to: 3) + " ", overridden ? accent : plain))
        parts.append((overridden ? "\(glyphs.overridden) " : "  ", overridden ? accent : plain))
        parts += fitted(row.title, column: 0, to: columns.title, style: overridden && !isSelected ? .bold : plain, after: "  ")
        if columns.status > 0 {
            parts += fitted(row.statusText, column: 1, to: columns.status, style: secondary, after: "  ")
        }
        parts += fitted(sourceText, column: 2, to: columns.source, style: overridden ? accent : secondary, after: "")
        return line(parts, width: width, padStyle: isSelected ? .selected : .normal)
    }

    /// How tight a highlighted match is: fewer gaps between its letters is better.
    private static func highlightScore(_ positions: [Int]) -> Int {
        guard let first = positions.first, let last = positions.last else { return 0 }
        return -(last - first) - (first == 0 ? 0 : 1)
    }

    /// `text` cut into runs, the characters at `marked` offsets in `matchStyle`.
    private static func split(_ text: String, marking marked: Set<Int>, style: TextStyle, matchStyle: TextStyle) -> [(String, TextStyle)] {
        var parts: [(String, TextStyle)] = []
        var current = "", currentIsMatch = false
        for (offset, character) in text.enumerated() {
            let isMatch = marked.contains(offset)
            if isMatch != currentIsMatch, !current.isEmpty {
                parts.append((current, currentIsMatch ? matchStyle : style))
                current = ""
            }
            currentIsMatch = isMatch
            current.append(character)
        }
        if !current.isEmpty { parts.append((current, currentIsMatch ? matchStyle : style)) }
        return parts
    }

    // MARK: - Help

    /// The help's text below its title for `width`: the row list's bindings
    /// (`MenuKeyBindings.rows`, the keys the handling reads), then what the marks mean, each
    /// meaning wrapped under itself so nothing is cut at the right.
    func helpTextLines(width: Int) -> [[(String, TextStyle)]] {
        var entries: [(String, String)] = MenuKeyBindings.rows.map { ($0.helpKeys(glyphs: glyphs), $0.helpText) }
        entries += [
            ("", ""),
            ("\(glyphs.overridden)", "the value is a debug override; the Nimbus value it hides is in parentheses after the source"),
            ("[\(glyphs.on)] [\(glyphs.off)]", "on / off"),
            ("[\(glyphs.choice)]", "a choice: space picks the next value"),
            ("dim rows", "read-only"),
        ]
        let keysWidth = 16, indent = 3 + keysWidth
        var lines: [[(String, TextStyle)]] = []
        for (keys, meaning) in entries {
            let wrapped = Self.wrap(meaning, width: max(10, width - indent - 1))
            lines.append([("   " + measure.fit(keys, to: keysWidth), .bold), (wrapped.first ?? "", .normal)])
            lines += wrapped.dropFirst().map { [(String(repeating: " ", count: indent) + $0, .normal)] }
        }
        return lines
    }

    /// The help, scrolled by `offset` lines, under a title that says where the view is.
    private func helpLines(width: Int, height: Int, offset: Int) -> [DrawnLine] {
        let text = helpTextLines(width: width)
        let room = max(1, height - 1)
        let top = min(max(0, offset), max(0, text.count - room))
        let dot = " \(glyphs.separator) "
        let position = text.count > room
            ? "\(dot)lines \(top + 1)\(glyphs.dash)\(min(text.count, top + room)) of \(text.count)\(dot)\(glyphs.upDown) scroll, any other key closes"
            : "\(dot)any key closes"
        var result: [DrawnLine] = [line([(" Keys", .bold), (position, .dim)], width: width)]
        result += text[top ..< min(text.count, top + room)].map { line($0, width: width) }
        while result.count < height { result.append(line([], width: width)) }
        return result
    }

    /// `text`'s words in lines of at most `width` characters (a longer word stays whole).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines
    }

    // MARK: - Preset chooser

    private func chooserLines(_ chooser: PresetChooser, width: Int, height: Int) -> [DrawnLine] {
        var result: [DrawnLine] = [
            line([(" Presets (\(chooser.items.count))", .bold), ("\(" \(glyphs.separator) ")Enter applies, Esc cancels", .dim)],
                 width: width),
        ]
        if chooser.items.isEmpty {
            result.append(line([("   " + PresetChooser.emptyText(dash: glyphs.dash), .dim)], width: width))
        } else {
            let room = max(1, height - 1)
            let selected = chooser.selection ?? 0
            let first = min(max(0, selected - room + 1), max(0, chooser.items.count - room))
            let nameWidth = min(40, max(12, chooser.items.reduce(0) { max($0, measure.width(of: $1.name)) }))
            for index in first ..< min(chooser.items.count, first + room) {
                let item = chooser.items[index]
                let isSelected = index == chooser.selection
                let style: TextStyle = isSelected ? .selected : .normal
                result.append(line([
                    ("   " + (isSelected ? glyphs.pointer : " ") + " ", style),
                    (measure.fitWithEllipsis(item.name, to: nameWidth, ellipsis: glyphs.ellipsis) + "  ", style),
                    (item.detail, isSelected ? .selected : .dim),
                    (item.changes.map { "\(" \(glyphs.separator) ")\($0)" } ?? "", isSelected ? .selected : .normal),
                ], width: width, padStyle: isSelected ? .selected : .normal))
            }
        }
        if result.count > height { result = Array(result.prefix(height)) }
        while result.count < height { result.append(line([], width: width)) }
        return result
    }

    // MARK: - Status line and footer

    private func statusLine(_ model: ScreenModel, width: Int) -> DrawnLine {
        if let confirmation = model.pendingConfirmation {
            return line([(" " + confirmation.prompt + " ", .error)], width: width)
        }
        if let prompt = model.prompt {
            // A value longer than the line shows the part around the cursor, where typing goes;
            // a value the prompt opened with is shown selected, since typing replaces it.
            let room = width - 1 - measure.width(of: prompt.label) - measure.width(of: glyphs.caret)
            var (before, after) = prompt.textAroundCursor
            if measure.width(of: before) + measure.width(of: after) > room, room > 8 {
                let ellipsis = measure.width(of: glyphs.ellipsis)
                while measure.width(of: after) > room / 3, !after.isEmpty { after.removeLast() }
                if after.count < prompt.textAroundCursor.after.count { after += glyphs.ellipsis }
                while measure.width(of: before) + measure.width(of: after) > room - ellipsis, !before.isEmpty { before.removeFirst() }
                if before.count < prompt.textAroundCursor.before.count { before = glyphs.ellipsis + before }
            }
            let style: TextStyle = prompt.isPrefilled ? .selected : .normal
            return line([(" " + prompt.label, .bold), (before, style), (glyphs.caret, .bold), (after, style)], width: width)
        }
        let matches = "\(model.visibleRowCount) of \(model.rows.count) rows"
        if model.isEditingFilter {
            // A filter longer than the line shows its end (where typing goes) and its length.
            let tail = "   " + matches
            let room = width - 2 - measure.width(of: glyphs.caret) - measure.width(of: tail)
            var shown = model.filter
            var length = ""
            if measure.width(of: shown) > room, room > 20 {
                length = "   \(model.filter.count) characters"
                let keep = room - measure.width(of: length) - measure.width(of: glyphs.ellipsis)
                shown = String(shown.suffix(max(0, keep)))
                while measure.width(of: shown) > keep, !shown.isEmpty { shown.removeFirst() }
                shown = glyphs.ellipsis + shown
            }
            return line([(" /", .bold), (shown, .normal), (glyphs.caret, .bold), (tail + length, .dim)], width: width)
        }
        if let message = model.message {
            return line([(" " + message, .bold)], width: width)
        }
        if let experiments = model.experimentsScreen { return experimentsStatusLine(experiments, width: width) }
        var parts: [(String, TextStyle)] = []
        if !model.filter.isEmpty {
            parts.append((" filter \u{201C}\(model.filter)\u{201D}\(" \(glyphs.separator) ")\(matches)", .dim))
            parts.append(("\(" \(glyphs.separator) ")Esc clears", .dim))
        }
        if let selection = model.selection {
            // The id of the selected row's flag or preference (the titles are Firefox's prose).
            var position = "\(selection + 1)/\(model.visibleRowCount) "
            let used = parts.reduce(0) { $0 + measure.width(of: $1.0) }
            if !model.isSelectionOnCollapsedSection, let id = model.selectedRow?.id {
                let bare = id.firstIndex(of: ":").map { String(id[id.index(after: $0)...]) } ?? id
                let withID = "id \(bare)\(" \(glyphs.separator) ")" + position
                if width - used - measure.width(of: withID) >= 1 { position = withID }
            }
            let gap = width - used - measure.width(of: position)
            if gap >= 1 {
                parts.append((String(repeating: " ", count: gap), .normal))
                parts.append((position, .dim))
            }
        }
        return line(parts, width: width)
    }

    /// The footer hints of the current mode's bindings (`MenuKeyBindings`), so it names only
    /// keys that the mode handles.
    private func footerLine(_ model: ScreenModel, width: Int) -> DrawnLine {
        /// A key, what it does, and how much it matters (0 is kept longest when space runs out).
        typealias Hint = (key: String, meaning: String, rank: Int)
        let keys: [Hint] = MenuKeyBindings.bindings(in: model.keyMode).compactMap { binding in
            binding.footer.map { ($0.trigger.footerName(glyphs: glyphs), $0.meaning, $0.rank) }
        }
        func itemWidth(_ hint: Hint) -> Int { measure.width(of: hint.key) + 1 + measure.width(of: hint.meaning) + 2 }
        // Drop whole hints, least important (and, among equals, rightmost) first, until the rest fit.
        var kept = Array(repeating: true, count: keys.count)
        var used = 1 + keys.reduce(0) { $0 + itemWidth($1) }
        let dropOrder = keys.indices.sorted { (keys[$0].rank, $0) > (keys[$1].rank, $1) }
        for index in dropOrder where used > width {
            kept[index] = false
            used -= itemWidth(keys[index])
        }
        var parts: [(String, TextStyle)] = [(" ", .normal)]
        for (index, hint) in keys.enumerated() where kept[index] {
            parts.append((hint.key, .bold))
            parts.append((" " + hint.meaning + "  ", .dim))
        }
        return line(parts, width: width)
    }

    // MARK: - Building lines

    /// Joins `parts`, clipping at `width` and padding to exactly `width` columns.
    func line(_ parts: [(String, TextStyle)], width: Int, padStyle: TextStyle = .normal) -> DrawnLine {
        var segments: [DrawnSegment] = []
        var used = 0
        for (text, style) in parts where used < width {
            let clean = measure.sanitized(text)
            let room = width - used
            // Text cut at the edge ends in an ellipsis, on every screen: a cut word must not
            // pass for a whole one ("fl" for "flags set").
            let clipped = measure.width(of: clean) <= room ? clean
                : measure.fitWithEllipsis(clean, to: room, ellipsis: glyphs.ellipsis).trimmingTrailingSpaces()
            guard !clipped.isEmpty else { continue }
            segments.append(DrawnSegment(clipped, style: style))
            used += measure.width(of: clipped)
        }
        if used < width {
            segments.append(DrawnSegment(String(repeating: " ", count: width - used), style: padStyle))
        }
        return DrawnLine(segments)
    }
}
#endif
