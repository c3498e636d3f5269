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
            var whatWidth = min(36, max(12, shown.reduce(0) { max($0, measure.width(of: $1.what)) }))
            var changeWidth = min(28, max(8, shown.reduce(0) { max($0, measure.width(of: $1.change)) }))
            let whenWidth = shown.reduce(0) { max($0, measure.width(of: $1.when)) }
            // Who made the change keeps its column ("flags set", "menu"): what and the change
            // give up their width first, down to what still says something.
            let byWidth = min(24, shown.reduce(0) { max($0, measure.width(of: $1.by)) })
            let fixed = 3 + 2 + 2 + whenWidth + 2 + byWidth
            while fixed + whatWidth + changeWidth > width, whatWidth > 12 || changeWidth > 8 {
                if whatWidth >= changeWidth, whatWidth > 12 { whatWidth -= 1 } else if changeWidth > 8 { changeWidth -= 1 } else { whatWidth -= 1 }
            }
            for item in shown {
                result.append(line([
                    ("   " + measure.fitWithEllipsis(item.what, to: whatWidth, ellipsis: glyphs.ellipsis) + "  ", .normal),
                    (measure.fitWithEllipsis(item.change, to: changeWidth, ellipsis: glyphs.ellipsis) + "  ", .bold),
                    (measure.fit(item.when, to: whenWidth) + "  ", .dim),
                    (measure.fitWithEllipsis(item.by, to: byWidth, ellipsis: glyphs.ellipsis), .dim),
                ], width: width))
            }
        }
        if result.count > height { result = Array(result.prefix(height)) }
        while result.count < height { result.append(line([], width: width)) }
        return result
    }
}
#endif
