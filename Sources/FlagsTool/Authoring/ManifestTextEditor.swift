import Formats
import FeatureFlags

/// Adds and removes one path in the `include` list of a Feature Manifest's text, keeping the
/// rest of the file byte for byte, the way Firefox's `nimbus-features` helper maintains it.
///
/// Paths are placed in sorted order and written in the quoting style of their neighbours. A
/// flow-style list (`include: [a, b]`) is refused rather than rewritten.
///
/// ```swift
/// let edited = try ManifestTextEditor.addingInclude("nimbus-features/newThingFeature.yaml", to: text, path: path)
/// ```
enum ManifestTextEditor {
    static func addingInclude(_ include: String, to text: String, path: String) throws(AuthoringError) -> String {
        let root = try RegistryTextEditor.parse(text, path: path)
        var document = YAMLTextDocument(text: text)
        guard let list = root.entries?.first(where: { $0.key.string == "include" || $0.key.string == "includes" }) else {
            document.lines += ["include:", "  - " + include]
            return document.text
        }
        let items = list.value.items ?? []
        if list.value.isNull {
            let listLine = list.key.mark.line - 1
            let pad = String(repeating: " ", count: list.key.mark.column - 1)
            document.lines.insert(pad + "  - " + include, at: listLine + 1)
            return document.text
        }
        guard let first = items.first, first.mark.line > list.key.mark.line, items.allSatisfy(\.isScalar) else {
            throw .failed("`\(list.key.string ?? "include")` in \(path) is not a block list of paths (one `- path` per line); add `\(include)` to it by hand")
        }
        if items.contains(where: { $0.string == include }) {
            throw .conflict("\(path) already includes \(include); remove it from the `include` list, or choose another name")
        }
        let index: Int
        let reference: YAMLNode
        if let next = items.first(where: { ($0.string ?? "") > include }) {
            index = document.insertionLine(before: next.mark.line - 1)
            reference = next
        } else {
            reference = items[items.count - 1]
            index = reference.mark.line
        }
        document.lines.insert(line(for: include, like: reference, in: document), at: index)
        return document.text
    }

    /// `text` without the line that includes `include`, or nil when it is not included.
    static func removingInclude(_ include: String, from text: String, path: String) throws(AuthoringError) -> String? {
        let root = try RegistryTextEditor.parse(text, path: path)
        guard let list = root.entries?.first(where: { $0.key.string == "include" || $0.key.string == "includes" }),
              let item = list.value.items?.first(where: { $0.string == include }) else { return nil }
        var document = YAMLTextDocument(text: text)
        let line = item.mark.line - 1
        guard item.mark.line > list.key.mark.line, document.lines[line].drop(while: { $0 == " " }).hasPrefix("-"),
              (list.value.items ?? []).filter({ $0.mark.line == item.mark.line }).count == 1 else {
            throw .failed("the `include` list of \(path) is not one `- path` per line; remove \(include) from it by hand")
        }
        document.lines.remove(at: line)
        return document.text
    }

    /// A list line for `include` with the same prefix (`  - `) and quotes as `reference`'s line.
    private static func line(for include: String, like reference: YAMLNode, in document: YAMLTextDocument) -> String {
        let text = document.lines[reference.mark.line - 1]
        let prefix = String(text.prefix(reference.mark.column - 1))
        let quote = text.dropFirst(reference.mark.column - 1).first.flatMap { $0 == "\"" || $0 == "'" ? $0 : nil }
        if let quote { return prefix + String(quote) + include + String(quote) }
        return prefix + YAMLScalarText.string(include)
    }
}
