#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// Drawing the detail pane: a title, then the pane's lines from its scroll position, the
/// selected variable's line in reverse video behind the pointer.
extension ScreenLayout {
    func detailLines(_ pane: DetailPane, width: Int, height: Int) -> [DrawnLine] {
        let room = max(1, height - 1)
        let end = min(pane.lines.count, pane.scrollOffset + room)
        let position = pane.lines.isEmpty ? "" : "lines \(pane.scrollOffset + 1)\(glyphs.dash)\(end) of \(pane.lines.count)"
        var result: [DrawnLine] = [
            line([(" " + pane.title, .bold),
                  ("\(" \(glyphs.separator) ")\(position)\(" \(glyphs.separator) ")Esc returns", .dim)], width: width),
        ]
        for index in pane.scrollOffset ..< end {
            let content = pane.lines[index]
            let isSelected = index == pane.selection
            var parts: [(String, TextStyle)] = [(isSelected ? "\(glyphs.pointer) " : "  ", isSelected ? .selected : .normal)]
            for segment in content.segments {
                parts.append((segment.text, isSelected ? Self.selectedStyle(segment.style) : segment.style))
            }
            result.append(line(parts, width: width, padStyle: isSelected ? .selected : .normal))
        }
        if result.count > height { result = Array(result.prefix(height)) }
        while result.count < height { result.append(line([], width: width)) }
        return result
    }

    private static func selectedStyle(_ style: TextStyle) -> TextStyle {
        switch style {
        case .accent, .selectedAccent: .selectedAccent
        default: .selected
        }
    }
}
#endif
