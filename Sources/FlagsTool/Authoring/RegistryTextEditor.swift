import Formats
import Platform
import FeatureFlags

/// Adds and removes one flag entry in the text of a registry file, keeping the rest of the file
/// (comments, blank lines, the order and style of other entries) byte for byte.
///
/// Entries are placed in alphabetical order among the existing ones, at the file's own
/// indentation. Flow-style `flags: { … }` mappings are refused rather than rewritten.
///
/// ```swift
/// let edited = try RegistryTextEditor.addingFlag("newThing", body: ["feature: new-thing-feature"], to: text, path: path)
/// let restored = try RegistryTextEditor.removingFlag("newThing", from: edited, path: path)   // == text
/// ```
enum RegistryTextEditor {
    /// `text` with the entry `id:` and its `body` lines (indented one level below the entry,
    /// with two spaces per level in `body`'s own nesting) added under `flags:`.
    static func addingFlag(_ id: String, body: [String], to text: String, path: String) throws(AuthoringError) -> String {
        let root = try parse(text, path: path)
        var document = YAMLTextDocument(text: text)
        guard let flags = root.entries?.first(where: { $0.key.string == "flags" }) else {
            // No `flags:` yet: start one at the end of the file.
            document.lines += ["flags:"] + entryLines(id, body: body, indent: 2, unit: 2)
            return document.text
        }
        let flagsLine = flags.key.mark.line - 1
        let entries = flags.value.entries ?? []
        if flags.value.isNull || (entries.isEmpty && flags.value.mark.line == flags.key.mark.line) {
            // `flags:` with no value, or `flags: {}`: the entry becomes the first of a block mapping.
            let keyIndent = flags.key.mark.column - 1
            document.lines[flagsLine] = String(repeating: " ", count: keyIndent) + "flags:"
            document.lines.insert(contentsOf: entryLines(id, body: body, indent: keyIndent + 2, unit: 2), at: flagsLine + 1)
            return document.text
        }
        guard let first = entries.first, first.key.mark.line > flags.key.mark.line else {
            throw .failed("`flags` in \(path) is written in flow style ({ … }) or is not a mapping; rewrite it as a block mapping (one flag per line), or add flag `\(id)` by hand")
        }
        let indent = first.key.mark.column - 1
        // Follow the file's nesting step when its first entry shows one; two spaces otherwise.
        var unit = 2
        if let nested = first.value.entries?.first, nested.key.mark.line > first.key.mark.line {
            unit = max(1, nested.key.mark.column - first.key.mark.column)
        }
        let line: Int
        if let next = entries.first(where: { ($0.key.string ?? "") > id }) {
            line = document.insertionLine(before: next.key.mark.line - 1)
        } else {
            let last = entries[entries.count - 1]
            line = document.blockEnd(ofKeyAt: last.key.mark.line - 1, indent: indent)
        }
        document.lines.insert(contentsOf: entryLines(id, body: body, indent: indent, unit: unit), at: line)
        return document.text
    }

    /// `text` without the entry `id` under `flags:`, or nil when there is no such entry.
    static func removingFlag(_ id: String, from text: String, path: String) throws(AuthoringError) -> String? {
        let root = try parse(text, path: path)
        guard let flags = root["flags"], let entries = flags.entries,
              let entry = entries.first(where: { $0.key.string == id }) else { return nil }
        guard entry.key.mark.line > root.entries!.first(where: { $0.key.string == "flags" })!.key.mark.line else {
            throw .failed("`flags` in \(path) is written in flow style ({ … }); remove `\(id)` from it by hand")
        }
        var document = YAMLTextDocument(text: text)
        let keyLine = entry.key.mark.line - 1
        let end = document.blockEnd(ofKeyAt: keyLine, indent: entry.key.mark.column - 1)
        document.lines.removeSubrange(keyLine..<end)
        if entries.count == 1 {
            // An empty `flags:` would read as null, which the registry rejects; say "none" explicitly.
            let flagsLine = root.entries!.first(where: { $0.key.string == "flags" })!.key.mark.line - 1
            document.lines[flagsLine] += " {}"
        }
        return document.text
    }

    private static func entryLines(_ id: String, body: [String], indent: Int, unit: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        return [pad + id + ":"] + body.map { line in
            let level = line.prefix { $0 == " " }.count / 2
            return pad + String(repeating: " ", count: unit * (level + 1)) + line.drop { $0 == " " }
        }
    }

    static func parse(_ text: String, path: String) throws(AuthoringError) -> YAMLNode {
        do {
            return try YAMLReader.read(string: text, name: path)
        } catch {
            throw .failed("\(ErrorText.sentence(error)); fix the file first")
        }
    }
}
