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
        String(decoding: renderedBytes(colored: colored, width: width), as: UTF8.self)
    }

    /// `render` as UTF-8 bytes, each line but the last ending in a newline: what the console
    /// writes, made a `String` once.
    ///
    /// The cells are measured where they are, and only those that change (made safe, or cut)
    /// are held a second time: a copy of every cell, and a width array per row, were most of
    /// what listing 100,000 flags held at its peak.
    func renderedBytes(colored: Bool = false, width: Int? = nil) -> [UInt8] {
        let columns = header.count, lineCount = rows.count + 1
        func cells(_ line: Int) -> [String] { line == 0 ? header : rows[line - 1] }
        var changed: [Int: String] = [:]
        var cellWidths = [Int](repeating: 0, count: lineCount * columns)
        for line in 0..<lineCount {
            let row = cells(line)
            for column in 0..<min(row.count, columns) {
                let position = line * columns + column
                if TerminalSafeText.needsSanitizing(row[column]) {
                    let shown = TerminalSafeText.sanitized(row[column])
                    changed[position] = shown
                    cellWidths[position] = Self.characterCount(shown)
                } else {
                    cellWidths[position] = Self.characterCount(row[column])
                }
            }
        }
        var widths = [Int](repeating: 0, count: columns)
        for position in cellWidths.indices { widths[position % columns] = max(widths[position % columns], cellWidths[position]) }
        if let width {
            widths = Self.fitting(widths, in: width, cuttingFirst: cutFirst, headerWidths: Array(cellWidths[0..<columns]))
            for position in cellWidths.indices where cellWidths[position] > widths[position % columns] {
                let room = widths[position % columns]
                let cell = changed[position] ?? cells(position / columns)[position % columns]
                changed[position] = String(cell.prefix(max(0, room - 1))) + "…"
                cellWidths[position] = Self.characterCount(changed[position]!)
            }
        }
        // The lines are built as bytes and made a `String` once: a table of 10,000 rows joined
        // cell by cell, or appended to a `String` piece by piece, cost more than reading the
        // registry it lists.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lineCount * (widths.reduce(2 * columns, +) + (colored ? 12 * columns : 0)))
        // The changed cells in the order they are written, met in turn: looking each cell up
        // hashed every position of a table whose experiment rows were cut.
        let changes = changed.sorted { $0.key < $1.key }
        var nextChange = 0
        let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)
        for line in 0..<lineCount {
            let row = cells(line)
            if line > 0 { bytes.append(UInt8(ascii: "\n")) }
            for column in 0..<min(row.count, columns) {
                let position = line * columns + column
                let isChanged = nextChange < changes.count && changes[nextChange].key == position
                if column > 0 { bytes.append(UInt8(ascii: " ")); bytes.append(UInt8(ascii: " ")) }
                let chosen = !colored ? nil : line == 0 ? ANSIStyle.bold : style(column, row[column])
                // Only the text is colored, not the padding after it.
                if chosen != nil || isChanged {
                    let cell = isChanged ? changes[nextChange].value : row[column]
                    Self.append(chosen.map { $0.wrap(cell) } ?? cell, to: &bytes)
                } else {
                    Self.append(row[column], to: &bytes)
                }
                if isChanged { nextChange += 1 }
                if column < row.count - 1 {
                    var padding = widths[column] - cellWidths[position]
                    while padding > 0 {
                        let run = min(padding, spaces.count)
                        bytes.append(contentsOf: spaces[..<run])
                        padding -= run
                    }
                }
            }
        }
        return bytes
    }

    /// How many characters `text` shows as: its bytes when it is ASCII, as table cells nearly
    /// always are, so that measuring them does not walk grapheme clusters. The bytes are read
    /// where the string keeps them: a copy to call `withUTF8` on was a reference count per cell.
    static func characterCount(_ text: String) -> Int {
        let isASCII = text.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } } ?? false
        return isASCII ? text.utf8.count : text.count
    }

    /// Appends `text`'s UTF-8 bytes, copied from where the string keeps them.
    private static func append(_ text: String, to bytes: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
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
