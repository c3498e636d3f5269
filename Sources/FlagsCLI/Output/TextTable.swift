#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Platform

/// A plain-text table with aligned columns, for human-readable command output.
///
/// ```swift
/// TextTable(header: ["FLAG", "VALUE"], rows: [["a", "on"]]).render()
/// // FLAG  VALUE
/// // a     on
/// ```
struct TextTable {
    var header: [String]
    var rows: [[String]]
    /// The color of a body cell, from its column and text (`flags list` colors its sources);
    /// used only when the console colors (`Console.print(_:colored:)`).
    var style: (_ column: Int, _ cell: String) -> ANSIStyle? = { _, _ in nil }
    /// The columns of long texts (a reason, a source), cut before the others when the table is
    /// too wide, so ids and values stay whole: group after group, the columns of a group sharing
    /// the cut, none of them narrower than its header. Empty: every column alike.
    var cutFirst: [[Int]] = []

    /// The table as lines. A cell is one field of one line, so a newline or tab in it (a title
    /// from a registry, a slug from a server) is shown as `?` like any other control character.
    /// With `colored`, the header is bold and cells take their `style`: the codes go around
    /// text already sanitised and padded, so they neither come from the data nor shift a column.
    /// With `width`, lines fit in it: the widest columns are cut to one width and their longer
    /// cells end in `…` (the commands' `--json` has the whole text).
    func render(colored: Bool = false, width: Int? = nil) -> String {
        var all = ([header] + rows).map { row in row.map { TerminalSafeText.sanitized($0) } }
        var cellWidths = all.map { row in row.map(Self.characterCount) }
        var widths = header.indices.map { column in cellWidths.map { $0[column] }.max() ?? 0 }
        if let width {
            widths = Self.fitting(widths, in: width, cuttingFirst: cutFirst, headerWidths: cellWidths[0])
            for line in all.indices {
                for (column, room) in widths.enumerated() where cellWidths[line][column] > room {
                    all[line][column] = String(all[line][column].prefix(max(0, room - 1))) + "…"
                    cellWidths[line][column] = Self.characterCount(all[line][column])
                }
            }
        }
        // The lines are built as bytes and made a `String` once: a table of 10,000 rows joined
        // cell by cell, or appended to a `String` piece by piece, cost more than reading the
        // registry it lists.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(all.reduce(0) { total, row in total + row.reduce(2 * row.count) { $0 + $1.utf8.count } + 16 * row.count })
        for (line, row) in all.enumerated() {
            if line > 0 { bytes.append(UInt8(ascii: "\n")) }
            for (column, cell) in row.enumerated() {
                if column > 0 { bytes.append(UInt8(ascii: " ")); bytes.append(UInt8(ascii: " ")) }
                let chosen = !colored ? nil : line == 0 ? ANSIStyle.bold : style(column, rows[line - 1][column])
                // Only the text is colored, not the padding after it.
                if let chosen { bytes.append(contentsOf: chosen.wrap(cell).utf8) } else { bytes.append(contentsOf: cell.utf8) }
                if column < row.count - 1 {
                    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(0, widths[column] - cellWidths[line][column])))
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// How many characters `text` shows as: its bytes when it is ASCII, as table cells nearly
    /// always are, so that measuring them does not walk grapheme clusters.
    static func characterCount(_ text: String) -> Int {
        let utf8 = text.utf8
        return utf8.allSatisfy { $0 < 0x80 } ? utf8.count : text.count
    }

    /// Each column's width before any is cut: its widest cell, once made safe.
    var naturalWidths: [Int] {
        let all = [header] + rows
        return header.indices.map { column in all.map { TerminalSafeText.sanitized($0[column]).count }.max() ?? 0 }
    }

    /// The narrowest a column is cut to, so each still says something ("exper…").
    static let narrowestColumn = 6

    /// `widths` with every column wider than one limit cut to it, the limit the largest that
    /// lets a line (columns and the two spaces between them) fit in `width`: the narrow columns
    /// (values, flags) stay whole and the long texts share what is left. The `cuttingFirst`
    /// groups are cut in turn first, each column no narrower than its header; then, if that is
    /// not enough, every column.
    static func fitting(_ widths: [Int], in width: Int, cuttingFirst: [[Int]] = [], headerWidths: [Int] = []) -> [Int] {
        let gaps = 2 * max(0, widths.count - 1)
        func cut(_ widths: [Int], _ columns: Set<Int>, floor: (Int) -> Int) -> [Int] {
            func cutWidth(_ column: Int, _ limit: Int) -> Int {
                columns.contains(column) ? min(widths[column], max(floor(column), limit)) : widths[column]
            }
            func total(_ limit: Int) -> Int { widths.indices.reduce(gaps) { $0 + cutWidth($1, limit) } }
            guard let widest = columns.map({ widths[$0] }).max(), total(widest) > width else { return widths }
            var limit = widest
            while limit > narrowestColumn, total(limit) > width { limit -= 1 }
            return widths.indices.map { cutWidth($0, limit) }
        }
        var fitted = widths
        for group in cuttingFirst {
            fitted = cut(fitted, Set(group.filter(widths.indices.contains))) { column in
                max(narrowestColumn, column < headerWidths.count ? headerWidths[column] : 0)
            }
        }
        return cut(fitted, Set(widths.indices)) { _ in narrowestColumn }
    }
}

#endif
