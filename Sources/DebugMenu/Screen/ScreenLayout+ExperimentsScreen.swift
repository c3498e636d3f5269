#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// Drawing the Experiments screen: the list of records (one a line, the selected record's whole
/// reason below them), a record's branches with their feature values, or the record's JSON.
///
/// Every text comes from experiment records, which a server sends: each is made safe for the
/// terminal (`measure.sanitized`, `TerminalSafeText`) before it is measured or wrapped, and
/// `line` sanitises every segment again as it draws.
extension ScreenLayout {
    func experimentsLines(_ screen: ExperimentsScreen, width: Int, height: Int) -> [DrawnLine] {
        var result: [DrawnLine]
        switch screen.level {
        case .list: result = experimentsList(screen, width: width, height: height)
        case .branches: result = experimentBranches(screen, width: width, height: height)
        case .record: result = experimentRecord(screen, width: width, height: height)
        }
        if result.count > height { result = Array(result.prefix(height)) }
        while result.count < height { result.append(line([], width: width)) }
        return result
    }

    /// The status line while the screen is open: where the selection is.
    func experimentsStatusLine(_ screen: ExperimentsScreen, width: Int) -> DrawnLine {
        var position = ""
        if let selection = screen.selection, let item = screen.selectedItem {
            switch screen.level {
            case .list: position = "record \(selection + 1)/\(screen.items.count) "
            case .branches: position = "\(item.slug): branch \(screen.branchSelection + 1)/\(item.branches.count) "
            case .record: position = "\(item.slug): line \(screen.recordScrollOffset + 1)/\(item.recordLines.count) "
            }
        }
        let text = measure.sanitized(position)
        let gap = max(1, width - measure.width(of: text))
        return line([(String(repeating: " ", count: gap), .normal), (text, .dim)], width: width)
    }

    // MARK: - The list

    private func experimentsList(_ screen: ExperimentsScreen, width: Int, height: Int) -> [DrawnLine] {
        let dot = " \(glyphs.separator) "
        var result: [DrawnLine] = [
            line([(" Experiments (\(screen.items.count))", .bold),
                  ("\(dot)Enter branches, r record, x unforce, Esc returns", .dim)], width: width),
        ]
        for problem in screen.problems {
            result.append(line([("   ! forced branch not applied: " + measure.sanitized(problem), .error)], width: width))
        }
        guard let selection = screen.selection else {
            result.append(line([("   " + ExperimentsScreen.emptyText, .dim)], width: width))
            return result
        }
        let room = ExperimentsScreen.listRoom(height: height, problemCount: screen.problems.count)
        // The model pages with the same room; the selection is kept on screen whatever it says.
        var top = min(screen.scrollOffset, selection)
        if selection >= top + room { top = selection - room + 1 }
        let shown = screen.items[top ..< min(screen.items.count, top + room)]
        let slugWidth = min(32, max(12, shown.reduce(0) { max($0, measure.width(of: measure.sanitized($1.slug))) }))
        let statusWidth = min(30, max(12, shown.reduce(0) { max($0, measure.width(of: measure.sanitized($1.statusText))) }))
        for (offset, item) in zip(shown.indices, shown) {
            let isSelected = offset == selection
            let plain: TextStyle = isSelected ? .selected : .normal
            let statusStyle: TextStyle
            switch item.status {
            case .forced: statusStyle = isSelected ? .selectedAccent : .accent
            case .enrolled: statusStyle = isSelected ? .selected : .bold
            case .error: statusStyle = isSelected ? .selected : .error
            case .notEnrolled, .skipped: statusStyle = isSelected ? .selected : .dim
            }
            result.append(line([
                (isSelected ? "\(glyphs.pointer) " : "  ", plain),
                (measure.fitWithEllipsis(measure.sanitized(item.slug), to: slugWidth, ellipsis: glyphs.ellipsis) + "  ", plain),
                (measure.fit(item.kind.rawValue, to: 10) + "  ", isSelected ? .selected : .dim),
                (measure.fitWithEllipsis(measure.sanitized(item.statusText), to: statusWidth, ellipsis: glyphs.ellipsis) + "  ", statusStyle),
                (measure.sanitized(item.reason), isSelected ? .selected : .dim),
            ], width: width, padStyle: plain))
        }
        // The selected record's reason, whole, below the list: the column above is cut short.
        if let item = screen.selectedItem {
            while result.count < height - 1 - ExperimentsScreen.reasonLines { result.append(line([], width: width)) }
            result.append(line([(String(repeating: glyphs.rule, count: width), .dim)], width: width))
            let wrapped = wrap(item.reason, width: width - 1, indent: "   ", firstIndent: " \(measure.sanitized(item.slug)): ")
            for (index, text) in wrapped.prefix(ExperimentsScreen.reasonLines).enumerated() {
                let isLast = index == ExperimentsScreen.reasonLines - 1 && wrapped.count > ExperimentsScreen.reasonLines
                result.append(line([(isLast ? measure.fitWithEllipsis(text + " " + glyphs.ellipsis, to: width - 1, ellipsis: glyphs.ellipsis) : text,
                                     index == 0 ? .bold : .normal)], width: width))
            }
        }
        return result
    }

    // MARK: - A record's branches

    private func experimentBranches(_ screen: ExperimentsScreen, width: Int, height: Int) -> [DrawnLine] {
        guard let item = screen.selectedItem else { return [] }
        let dot = " \(glyphs.separator) "
        var head: [DrawnLine] = [
            line([(" \(item.slug)", .bold), ("\(dot)\(item.kind.rawValue)\(dot)\(item.statusText)", .normal),
                  ("\(dot)Enter forces a branch, x unforces, Esc returns", .dim)], width: width),
        ]
        for text in wrap(item.reason, width: width - 1, indent: "   ", firstIndent: "   ").prefix(3) {
            head.append(line([(text, .dim)], width: width))
        }
        head.append(line([], width: width))

        // Each branch: its line, then one line (or more, wrapped) per feature value.
        var body: [(line: DrawnLine, branch: Int)] = []
        var selectedStart = 0, selectedEnd = 0
        for (index, branch) in item.branches.enumerated() {
            let isSelected = index == screen.branchSelection
            if isSelected { selectedStart = body.count }
            let plain: TextStyle = isSelected ? .selected : .normal
            let accent: TextStyle = isSelected ? .selectedAccent : .accent
            var parts: [(String, TextStyle)] = [
                (isSelected ? "\(glyphs.pointer) " : "  ", plain),
                (measure.sanitized(branch.slug), isSelected ? .selected : .bold),
                ("   ratio \(branch.ratio)\(dot)\(branch.percent)%", isSelected ? .selected : .dim),
            ]
            if branch.isEnrolled { parts.append(("   [enrolled]", accent)) }
            if branch.isForced { parts.append(("   [forced]", accent)) }
            body.append((line(parts, width: width, padStyle: plain), index))
            if branch.features.isEmpty {
                body.append((line([("      sets no feature", .dim)], width: width), index))
            }
            for feature in branch.features {
                let text = "      \(feature.featureId)  \(feature.json)"
                for piece in wrap(text, width: width - 1, indent: "        ", hard: true) {
                    body.append((line([(piece, .normal)], width: width), index))
                }
            }
            if isSelected { selectedEnd = body.count }
        }
        // Show the selected branch whole when it fits, else from its first line.
        let room = max(1, height - head.count)
        var top = 0
        if selectedEnd > room { top = min(selectedStart, max(0, body.count - room)) }
        if selectedEnd - top > room { top = selectedStart }
        return head + body[min(top, body.count) ..< min(body.count, top + room)].map(\.line)
    }

    // MARK: - A record's JSON

    private func experimentRecord(_ screen: ExperimentsScreen, width: Int, height: Int) -> [DrawnLine] {
        guard let item = screen.selectedItem else { return [] }
        let dot = " \(glyphs.separator) "
        var result: [DrawnLine] = [
            line([(" \(item.slug)", .bold), ("\(dot)the record (\(item.recordLines.count) lines)", .normal),
                  ("\(dot)scroll, r or Esc returns", .dim)], width: width),
        ]
        // A line too long for the screen goes on below itself, so nothing of the record is cut.
        for text in item.recordLines.dropFirst(screen.recordScrollOffset) {
            let indent = "   " + String(text.prefix { $0 == " " }) + "  "
            for piece in wrap(text, width: width - 1, indent: indent, firstIndent: "   ", hard: true) {
                result.append(line([(piece, .normal)], width: width))
                if result.count >= height { return result }
            }
        }
        return result
    }

    // MARK: - Wrapping

    /// `text` (sanitised) in lines of at most `width` columns, broken at spaces (`hard`: anywhere,
    /// for JSON), the first line starting with `firstIndent`, the others with `indent`.
    private func wrap(_ text: String, width: Int, indent: String, firstIndent: String = "", hard: Bool = false) -> [String] {
        let clean = measure.sanitized(text)
        let width = max(measure.width(of: indent) + 8, width)
        if measure.width(of: firstIndent) + measure.width(of: clean) <= width { return [firstIndent + clean] }
        var lines: [String] = []
        var current = firstIndent
        var currentWidth = measure.width(of: firstIndent)
        var atLineStart = true
        func newLine() {
            lines.append(current)
            current = indent
            currentWidth = measure.width(of: indent)
            atLineStart = true
        }
        func append(_ piece: Substring) {
            for character in piece {
                let characterWidth = measure.width(of: character)
                if currentWidth + characterWidth > width { newLine() }
                current.append(character)
                currentWidth += characterWidth
            }
            atLineStart = false
        }
        if hard {
            append(clean[...])
        } else {
            for word in clean.split(separator: " ") {
                let wordWidth = measure.width(of: String(word))
                if !atLineStart, currentWidth + 1 + wordWidth > width { newLine() }
                if !atLineStart {
                    current.append(" ")
                    currentWidth += 1
                }
                // A word longer than a line is cut, as a hard wrap would.
                append(word)
            }
        }
        if !atLineStart { lines.append(current) }
        return lines
    }
}
#endif
