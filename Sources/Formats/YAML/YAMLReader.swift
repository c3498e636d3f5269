#if canImport(Glibc)
import Glibc
#endif
import CYAML
import Platform

/// Reads a YAML file or string into a `YAMLNode` tree with libyaml's event parser.
///
/// This is the one place that talks to libyaml; everything else reads `YAMLNode`s. Use it for any
/// YAML the package loads. A stream must hold at most one document (an empty stream reads as a
/// null scalar). Anchors and aliases are resolved; duplicate mapping keys, non-scalar mapping keys
/// and aliases to unknown anchors are errors. So that hostile input fails with an error instead
/// of exhausting the stack or memory, files larger than `maximumFileSize` (counted while
/// reading), nesting deeper than `maximumDepth` and documents whose aliases would expand to more
/// than `maximumAliasExpansion` nodes ("billion laughs") are errors.
///
/// ```swift
/// let root = try YAMLReader.read(path: "nimbus.fml.yaml")
/// let inline = try YAMLReader.read(string: "a: &x 1\nb: *x", name: "<inline>")
/// inline["b"]?.jsonValue  // .int(1)
/// ```
public enum YAMLReader {
    /// Collections nested deeper than this are refused: every consumer walks the tree
    /// recursively, so a file of 5,000 `[` must not crash it (the JSON parser has the same limit).
    public static let maximumDepth = 512
    /// Aliases may add at most this many nodes to the document when expanded. Real manifests use a
    /// handful of aliases; nine levels of ten aliases each would expand to a billion nodes.
    public static let maximumAliasExpansion = 100_000
    /// Files larger than this are refused, counted while reading. Firefox for iOS's whole
    /// manifest is under 1 MiB; a registry or manifest of thousands of flags is a few MiB.
    public static let maximumFileSize = 16 * BoundedFileReader.mebibyte

    /// Reads the file at `path`, at most `limit` bytes; marks and errors name the file as `path` was written.
    public static func read(path: String, limit: Int = maximumFileSize) throws(YAMLError) -> YAMLNode {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFileReader.read(path: path, limit: limit)
        } catch {
            throw YAMLError(file: path, line: 1, column: 1, message: "cannot read file: \(error.reason)")
        }
        return try parse(bytes: bytes, name: path)
    }

    /// Reads `string`; `name` stands in for a file path in marks and errors.
    public static func read(string: String, name: String) throws(YAMLError) -> YAMLNode {
        try parse(bytes: Array(string.utf8), name: name)
    }

    private static func parse(bytes input: [UInt8], name: String) throws(YAMLError) -> YAMLNode {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLError(file: name, line: 1, column: 1, message: "cannot initialize the YAML parser")
        }
        defer { yaml_parser_delete(&parser) }

        // libyaml keeps a pointer to the input, so the bytes must outlive every parse call; a
        // trailing NUL gives an empty input a valid base address without being counted.
        var bytes = input
        let count = bytes.count
        bytes.append(0)
        var builder = TreeBuilder(file: name)
        let result: Result<YAMLNode, YAMLError> = bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, count)
            do throws(YAMLError) {
                while true {
                    var event = yaml_event_t()
                    guard yaml_parser_parse(&parser, &event) == 1 else {
                        return .failure(Self.parserError(parser, file: name, bytes: input))
                    }
                    defer { yaml_event_delete(&event) }
                    if let root = try builder.handle(event) { return .success(root) }
                }
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func parserError(_ parser: yaml_parser_t, file: String, bytes: [UInt8]) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            message += " (\(context) started at line \(parser.context_mark.line + 1), column \(parser.context_mark.column + 1))"
        }
        // Reader errors (bad encoding, control characters) carry a byte offset but no mark (it is
        // then 0:0), so the line and column are counted from the offset: the error must point at
        // the bad byte, not at the top of the file.
        if parser.error == YAML_READER_ERROR {
            let offset = min(Int(parser.problem_offset), bytes.count)
            let before = bytes[..<offset]
            let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
            let line = before.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            // Columns count characters: UTF-8 continuation bytes do not start one.
            let column = bytes[lineStart..<offset].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            return YAMLError(file: file, line: line, column: column, message: message)
        }
        // At the end of a file without a final newline libyaml moves its mark to a line after the
        // last one; point at the end of the last line instead, which is where the input stopped.
        let end = endPosition(of: bytes)
        if Int(parser.problem_mark.line) + 1 > end.line {
            return YAMLError(file: file, line: end.line, column: end.column, message: message)
        }
        return YAMLError(
            file: file,
            line: Int(parser.problem_mark.line) + 1,
            column: Int(parser.problem_mark.column) + 1,
            message: message)
    }

    /// Line and column just after the last character, counting line breaks as YAML does
    /// (LF, CR, CRLF, NEL, LS, PS) and columns in characters.
    private static func endPosition(of bytes: [UInt8]) -> (line: Int, column: Int) {
        var (line, column) = (1, 1)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte == UInt8(ascii: "\r") && next == UInt8(ascii: "\n") {
                index += 1
                (line, column) = (line + 1, 1)
            } else if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                (line, column) = (line + 1, 1)
            } else if byte == 0xC2 && next == 0x85 {
                index += 1
                (line, column) = (line + 1, 1)
            } else if byte == 0xE2 && next == 0x80 && index + 2 < bytes.count && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9) {
                index += 2
                (line, column) = (line + 1, 1)
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }
}

/// Turns the event stream into nodes: a stack of open collections, and anchors seen so far.
private struct TreeBuilder {
    /// An open collection. A class, so the builder appends to it in place: with an enum popped
    /// and pushed back, every append copied the collection and large mappings (10,000 features)
    /// took quadratic time.
    private final class Frame {
        let mark: YAMLMark
        let anchor: String?
        let isMapping: Bool
        var items: [YAMLNode] = []
        var entries: [YAMLNode.Entry] = []
        var pendingKey: YAMLNode?
        var seen: [String: YAMLMark] = [:]
        /// Nodes in this collection so far, itself included, aliases counted expanded.
        var size = 1

        init(mark: YAMLMark, anchor: String?, isMapping: Bool) {
            self.mark = mark
            self.anchor = anchor
            self.isMapping = isMapping
        }
    }

    let file: String
    private var stack: [Frame] = []
    private var anchors: [String: YAMLNode] = [:]
    /// How many nodes each anchored node holds, counting what its own aliases expand to.
    private var anchorSizes: [String: Int] = [:]
    /// Nodes the document's aliases stand for, in total.
    private var aliasExpansion = 0
    private var root: YAMLNode?
    private var documents = 0

    init(file: String) { self.file = file }

    /// Consumes one event; returns the document's root once the stream ends.
    mutating func handle(_ event: yaml_event_t) throws(YAMLError) -> YAMLNode? {
        let mark = YAMLMark(file: file, line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        switch event.type {
        case YAML_STREAM_END_EVENT:
            return root ?? YAMLNode(.scalar("", style: .plain, tag: nil), mark: YAMLMark(file: file, line: 1, column: 1))
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                throw YAMLError(at: mark, "expected a single YAML document, found a second one")
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = Self.string(scalar.value, length: scalar.length) ?? ""
            let style: YAMLNode.ScalarStyle = switch scalar.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: .literal
            case YAML_FOLDED_SCALAR_STYLE: .folded
            default: .plain
            }
            let tag = Self.string(scalar.tag)
            let node = YAMLNode(.scalar(text, style: style, tag: tag), mark: mark)
            try add(node, anchor: Self.string(scalar.anchor), size: 1)
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            guard let target = anchors[name] else {
                throw YAMLError(at: mark, "unknown alias '*\(name)': no anchor '&\(name)' precedes it")
            }
            // The tree shares the target, but every reader walks it once per alias.
            let size = anchorSizes[name] ?? 1
            aliasExpansion += size
            if aliasExpansion > YAMLReader.maximumAliasExpansion {
                throw YAMLError(at: mark, "aliases expand to more than \(YAMLReader.maximumAliasExpansion) nodes; "
                                + "an alias of an alias of an alias… (\"billion laughs\") is refused")
            }
            try add(target, anchor: nil, size: size)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            if stack.count >= YAMLReader.maximumDepth {
                throw YAMLError(at: mark, "nesting deeper than \(YAMLReader.maximumDepth) levels")
            }
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let anchor = Self.string(isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
            stack.append(Frame(mark: mark, anchor: anchor, isMapping: isMapping))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            let frame = stack.removeLast()
            let node = YAMLNode(frame.isMapping ? .mapping(frame.entries) : .sequence(frame.items), mark: frame.mark)
            try add(node, anchor: frame.anchor, size: frame.size)
        default:
            break  // stream start, document end: nothing to build
        }
        return nil
    }

    private mutating func add(_ node: YAMLNode, anchor: String?, size: Int) throws(YAMLError) {
        if let anchor {
            anchors[anchor] = node
            anchorSizes[anchor] = size
        }
        guard let top = stack.last else {
            root = node
            return
        }
        top.size += size
        guard top.isMapping else {
            top.items.append(node)
            return
        }
        if let key = top.pendingKey {
            top.entries.append(YAMLNode.Entry(key: key, value: node))
            top.pendingKey = nil
            return
        }
        // Keys must be scalars: every consumer looks entries up by their text.
        guard let text = node.string else {
            throw YAMLError(at: node.mark, "expected a scalar mapping key, found a \(node.kindName)")
        }
        if let first = top.seen[text] {
            throw YAMLError(at: node.mark, "duplicate key '\(text)' (first defined at line \(first.line), column \(first.column))")
        }
        top.seen[text] = node.mark
        top.pendingKey = node
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int? = nil) -> String? {
        guard let pointer else { return nil }
        let count = length ?? strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }
}
