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
    /// The colour of a body cell, from its column and text (`flags list` colours its sources);
    /// used only when the console colours (`Console.print(_:colored:)`).
    var style: (_ column: Int, _ cell: String) -> TextStyle? = { _, _ in nil }

    /// The table as lines. A cell is one field of one line, so a newline or tab in it (a title
    /// from a registry, a slug from a server) is shown as `?` like any other control character.
    /// With `colored`, the header is bold and cells take their `style`: the codes go around
    /// text already sanitised and padded, so they neither come from the data nor shift a column.
    func render(colored: Bool = false) -> String {
        let all = ([header] + rows).map { row in row.map { TerminalSafeText.sanitized($0) } }
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.enumerated().map { line, row in
            row.enumerated().map { column, cell in
                let padded = column == row.count - 1 ? cell : cell.padded(toWidth: widths[column])
                guard colored else { return padded }
                let chosen = line == 0 ? TextStyle.bold : style(column, rows[line - 1][column])
                guard let chosen else { return padded }
                // Only the text is coloured, not the padding after it.
                return chosen.wrap(cell) + String(repeating: " ", count: padded.count - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
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
