#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// Drawing the history view: a title, then one change a line, newest first.
extension ScreenLayout {
    func historyLines(_ view: HistoryView, width: Int, height: Int) -> [DrawnLine] {
        var result: [DrawnLine] = [
            line([(" History (\(view.items.count))", .bold), ("\(" \(glyphs.separator) ")newest first, Esc returns", .dim)], width: width),
        ]
        if view.items.isEmpty {
            result.append(line([("   " + HistoryView.emptyText, .dim)], width: width))
        } else {
            let room = max(1, height - 1)
            let shown = view.items[view.scrollOffset ..< min(view.items.count, view.scrollOffset + room)]
            let whatWidth = min(36, max(12, shown.reduce(0) { max($0, measure.width(of: $1.what)) }))
            let changeWidth = min(28, max(8, shown.reduce(0) { max($0, measure.width(of: $1.change)) }))
            let whenWidth = shown.reduce(0) { max($0, measure.width(of: $1.when)) }
            for item in shown {
                result.append(line([
                    ("   " + measure.fitWithEllipsis(item.what, to: whatWidth, ellipsis: glyphs.ellipsis) + "  ", .normal),
                    (measure.fitWithEllipsis(item.change, to: changeWidth, ellipsis: glyphs.ellipsis) + "  ", .bold),
                    (measure.fit(item.when, to: whenWidth) + "  ", .dim),
                    (item.by, .dim),
                ], width: width))
            }
        }
        if result.count > height { result = Array(result.prefix(height)) }
        while result.count < height { result.append(line([], width: width)) }
        return result
    }
}
#endif
