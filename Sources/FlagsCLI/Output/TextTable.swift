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

    /// The table as lines. A cell is one field of one line, so a newline or tab in it (a title
    /// from a registry, a slug from a server) is shown as `?` like any other control character.
    func render() -> String {
        let all = ([header] + rows).map { row in row.map { TerminalSafeText.sanitized($0) } }
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padded(toWidth: widths[column])
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
