#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
        var widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        if let width {
            widths = Self.fitting(widths, in: width, cuttingFirst: cutFirst, headerWidths: header.map { TerminalSafeText.sanitized($0).count })
            all = all.map { row in
                zip(row, widths).map { cell, room in cell.count > room ? String(cell.prefix(max(0, room - 1))) + "…" : cell }
            }
        }
        return all.enumerated().map { line, row in
            row.enumerated().map { column, cell in
                let padded = column == row.count - 1 ? cell : cell.padded(toWidth: widths[column])
                guard colored else { return padded }
                let chosen = line == 0 ? ANSIStyle.bold : style(column, rows[line - 1][column])
                guard let chosen else { return padded }
                // Only the text is colored, not the padding after it.
                return chosen.wrap(cell) + String(repeating: " ", count: padded.count - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
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

extension String {
    /// The text followed by spaces up to `width` characters (Foundation's `padding(toLength:…)`,
    /// which FoundationEssentials lacks); longer text is left whole.
    func padded(toWidth width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
#endif
