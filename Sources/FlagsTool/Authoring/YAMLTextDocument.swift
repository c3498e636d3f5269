import FeatureFlags
/// The text of a YAML file as lines, for edits that leave every untouched byte as it was:
/// comments, blank lines, quoting and key order survive because nothing is re-serialized.
///
/// Use it with the marks of a `YAMLNode` parsed from the same text: a mark's line (1-based) is
/// an index into `lines` plus one, and a block key's column minus one is its indentation.
///
/// ```swift
/// var document = YAMLTextDocument(text: "flags:\n  a:\n    x: 1\n")
/// let end = document.blockEnd(ofKeyAt: 1, indent: 2)   // 3: the entry `a` is lines 1..<3
/// document.lines.insert("  b: {}", at: end)
/// ```
struct YAMLTextDocument {
    var lines: [String]
    /// `\n`, or `\r\n` when the file uses it, so inserted lines match the file.
    let lineEnding: String
    let endsWithLineEnding: Bool

    init(text: String) {
        lineEnding = text.contains("\r\n") ? "\r\n" : "\n"
        endsWithLineEnding = text.hasSuffix(lineEnding)
        let body = endsWithLineEnding ? String(text.dropLast(lineEnding.count)) : text
        lines = text.isEmpty ? [] : body.components(separatedBy: lineEnding)
    }

    var text: String {
        lines.joined(separator: lineEnding) + (endsWithLineEnding || lines.isEmpty ? lineEnding : "")
    }

    /// The number of spaces a line starts with.
    func indentation(of index: Int) -> Int {
        lines[index].prefix { $0 == " " }.count
    }

    func isBlank(_ index: Int) -> Bool {
        lines[index].allSatisfy { $0 == " " || $0 == "\t" }
    }

    func isComment(_ index: Int) -> Bool {
        lines[index].drop { $0 == " " || $0 == "\t" }.first == "#"
    }

    /// The index after the last line of the block whose key is on line `keyLine` (0-based) at
    /// `indent`: it runs over lines indented deeper (its value), blank lines and comments, up to
    /// the next line at `indent` or less, then gives back trailing blank lines and comments that
    /// are not indented deeper, since those introduce whatever comes next.
    func blockEnd(ofKeyAt keyLine: Int, indent: Int) -> Int {
        var end = keyLine + 1
        while end < lines.count, isBlank(end) || isComment(end) || indentation(of: end) > indent {
            end += 1
        }
        while end > keyLine + 1, isBlank(end - 1) || (isComment(end - 1) && indentation(of: end - 1) <= indent) {
            end -= 1
        }
        return end
    }

    /// The line where something inserted before the key on `keyLine` goes: above the comment
    /// lines that sit directly on top of the key, since they describe it.
    func insertionLine(before keyLine: Int) -> Int {
        var line = keyLine
        while line > 0, isComment(line - 1) { line -= 1 }
        return line
    }
}
