#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import Platform

/// A command's help text read as its author wrote it, so it can be laid out for any width:
/// paragraphs apart by a blank line, each made of runs of plain lines (prose, whose line breaks
/// are only where the source happened to wrap) and of indented rows (a list's `- ` items, or a
/// label and its text in aligned columns), a row's continuation lines joined to it.
///
/// `flags help CMD` fills the prose and folds each row under its text column at the terminal's
/// width; the man page lets roff fill the prose and folds the rows for its own width.
///
/// ```swift
/// HelpParagraphs("Saves a state.\n\n  save NAME   keep it\n  list        the presets").rendered(width: 40)
/// ```
struct HelpParagraphs {
    /// One run of a paragraph.
    enum Run: Equatable {
        /// Plain lines, as one text of words.
        case prose(String)
        /// Indented rows, each a whole row with its continuation lines joined to it.
        case rows([String])
    }

    let paragraphs: [[Run]]

    init(_ text: String) {
        paragraphs = text.split(separator: "\n\n", omittingEmptySubsequences: true).map { paragraph in
            var runs: [Run] = []
            var lines = paragraph.split(separator: "\n").map(String.init)[...]
            while let first = lines.first {
                let indented = first.hasPrefix(" ")
                let run = lines.prefix { $0.hasPrefix(" ") == indented }
                lines = lines.dropFirst(run.count)
                runs.append(indented ? .rows(Self.items(Array(run)))
                                     : .prose(run.map { $0.trimmingSpaces() }.joined(separator: " ")))
            }
            return runs
        }
    }

    /// The text laid out in lines of at most `width` columns (a word longer than a line stays whole).
    func rendered(width: Int) -> String {
        paragraphs.map { runs in
            runs.map { run -> String in
                switch run {
                case .prose(let text): text.wrapped(width: width)
                case .rows(let rows): rows.flatMap { Self.hanging($0, width: width) }.joined(separator: "\n")
                }
            }.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// A row (`  save NAME     keep the ...`) folded to `width`, the rest under its text column;
    /// when that column leaves too little room, the text goes under the label, indented.
    static func hanging(_ row: String, width: Int) -> [String] {
        guard row.count > width else { return [row] }
        let column = textColumn(of: row)
        let label = String(row.prefix(column))
        let text = String(row.dropFirst(column))
        if width - column < HelpLayout.minimumTextRoom {
            let leading = label.prefix { $0 == " " }.count
            let head = String(repeating: " ", count: leading) + label.trimmingSpaces()
            return [head] + text.wrapped(width: width, indent: leading + 4).split(separator: "\n").map(String.init)
        }
        let wrapped = text.wrapped(width: width, indent: column).split(separator: "\n")
        return [label + wrapped[0].dropFirst(column)] + wrapped.dropFirst().map(String.init)
    }


    /// Where a row's text starts: after its label's gap of spaces (the last gap of two or more
    /// in the first 28 columns, as a label may hold one itself: `space  Enter`), after a
    /// bullet's `- `, else at its first word.
    static func textColumn(of row: String) -> Int {
        let characters = Array(row)
        let leading = characters.prefix { $0 == " " }.count
        var column = leading + (row.dropFirst(leading).hasPrefix("- ") ? 2 : 0)
        var index = leading
        while index < min(28, characters.count - 1) {
            if characters[index] == " " && characters[index + 1] == " " {
                var end = index
                while end < characters.count && characters[end] == " " { end += 1 }
                if end < characters.count { column = end }
                index = end
            } else {
                index += 1
            }
        }
        return column
    }

    /// Indented rows with the lines that continue one (indented to its text column) joined to it.
    static func items(_ rows: [String]) -> [String] {
        var items: [String] = []
        for row in rows {
            let leading = row.prefix { $0 == " " }.count
            if let last = items.last, leading > last.prefix(while: { $0 == " " }).count, leading == textColumn(of: last),
               !row.dropFirst(leading).hasPrefix("- ") {
                items[items.count - 1] += " " + row.dropFirst(leading)
            } else {
                items.append(row)
            }
        }
        return items
    }
}
#endif
