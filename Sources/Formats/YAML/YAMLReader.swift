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
        return try parse(bytes: consume bytes, name: path)
    }

    /// Reads `string`; `name` stands in for a file path in marks and errors.
    public static func read(string: String, name: String) throws(YAMLError) -> YAMLNode {
        try parse(bytes: Array(string.utf8), name: name)
    }

    private static func parse(bytes: consuming [UInt8], name: String) throws(YAMLError) -> YAMLNode {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLError(file: name, line: 1, column: 1, message: "cannot initialize the YAML parser")
        }
        defer { yaml_parser_delete(&parser) }

        // libyaml keeps a pointer to the input, so the bytes must outlive every parse call; a
        // trailing NUL gives an empty input a valid base address without being counted. The
        // file reader leaves room for it, so appending it copies nothing.
        let count = bytes.count
        bytes.append(0)
        var builder = TreeBuilder(file: name, size: count)
        let result: Result<Int32, YAMLError> = bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, count)
            do throws(YAMLError) {
                // One event, filled by libyaml in place and read through a pointer: the struct
                // is over a hundred bytes, and zeroing and copying it for each of millions of
                // events cost as much as the builder's own work on it.
                var event = yaml_event_t()
                while true {
                    guard yaml_parser_parse(&parser, &event) == 1 else {
                        return .failure(Self.parserError(parser, file: name, bytes: UnsafeBufferPointer(rebasing: buffer[..<count])))
                    }
                    defer { yaml_event_delete(&event) }
                    if let root = try builder.handle(&event) { return .success(root) }
                }
            } catch {
                return .failure(error)
            }
        }
        let root = try result.get()
        return builder.document(root: root)
    }

    private static func parserError(_ parser: yaml_parser_t, file: String, bytes: UnsafeBufferPointer<UInt8>) -> YAMLError {
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
    private static func endPosition(of bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
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

/// Turns the event stream into a `YAMLDocument`: a stack of open collections whose children
/// gather at the end of one shared array, and anchors seen so far. Noncopyable because it owns
/// the document's buffers until `document(root:)` hands them over.
private struct TreeBuilder: ~Copyable {
    /// An open collection. Plain values only, kept in a buffer: the builder touches the top
    /// frame for every event, and a frame holding a string or an array was reference-counted
    /// (and its array checked for uniqueness) each time.
    private struct Frame: BitwiseCopyable {
        let line: Int32
        let column: Int32
        let isMapping: Bool
        /// In a mapping, whether the next node is a key.
        var expectsKey = true
        /// This collection's anchor in `openAnchors`, or -1 (anchors are rare).
        let anchor: Int32
        /// This mapping's table of keys in `keyTables`, made only once it has many keys: a
        /// handful of keys is checked for duplicates faster by comparing them in turn.
        var keyTable: Int32 = -1
        /// Where this collection's children start in `pending`.
        let start: Int
        /// Nodes in this collection so far, itself included, aliases counted expanded.
        var size = 1
    }

    /// Mappings with more keys than this look duplicates up in a hash table.
    private static let linearKeyLimit = 8

    let file: String
    private var records: GrowableBuffer<YAMLDocument.Record>
    private var text: GrowableBuffer<UInt8>
    private var tags: [Int32: String] = [:]
    private var children: GrowableBuffer<Int32>
    /// The children of every open collection, innermost last.
    private var pending: GrowableBuffer<Int32>
    private var stack: GrowableBuffer<Frame>
    /// The anchors and key tables of open collections, innermost last, as their frames point.
    private var openAnchors: [String] = []
    private var keyTables: [KeyTable] = []
    private var anchors: [String: Int32] = [:]
    /// How many nodes each anchored node holds, counting what its own aliases expand to.
    private var anchorSizes: [String: Int] = [:]
    /// Nodes the document's aliases stand for, in total.
    private var aliasExpansion = 0
    private var root: Int32?
    private var documents = 0

    /// `size` is the input's length. Its scalars rarely hold more bytes than that, and a node
    /// takes at least a few bytes of it: room reserved and never written costs no memory.
    init(file: String, size: Int) {
        self.file = file
        text = GrowableBuffer(capacity: size)
        records = GrowableBuffer(capacity: size / 8)
        children = GrowableBuffer(capacity: size / 8)
        pending = GrowableBuffer(capacity: 256)
        stack = GrowableBuffer(capacity: 64)
    }

    /// The document built, with the node at `root` (from `handle`) as its root.
    consuming func document(root: Int32) -> YAMLNode {
        YAMLNode(document: YAMLDocument(file: file, records: records, text: text, tags: tags, children: children), index: root)
    }

    /// Consumes one event; returns the index of the document's root once the stream ends.
    mutating func handle(_ event: UnsafePointer<yaml_event_t>) throws(YAMLError) -> Int32? {
        let line = Int32(clamping: Int(event.pointee.start_mark.line) + 1), column = Int32(clamping: Int(event.pointee.start_mark.column) + 1)
        switch event.pointee.type {
        case YAML_STREAM_END_EVENT:
            return root ?? appendScalar(nil, length: 0, kind: .plain, tag: nil, line: 1, column: 1)
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                throw YAMLError(at: mark(line, column), "expected a single YAML document, found a second one")
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.pointee.data.scalar
            let kind: YAMLDocument.Kind = switch scalar.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: .literal
            case YAML_FOLDED_SCALAR_STYLE: .folded
            default: .plain
            }
            let node = appendScalar(scalar.value, length: scalar.length, kind: kind, tag: scalar.tag, line: line, column: column)
            if let anchor = Self.string(scalar.anchor) { remember(anchor: anchor, node: node, size: 1) }
            try add(node, size: 1)
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.pointee.data.alias.anchor) ?? ""
            guard let target = anchors[name] else {
                throw YAMLError(at: mark(line, column), "unknown alias '*\(name)': no anchor '&\(name)' precedes it")
            }
            // The document shares the target, but every reader walks it once per alias.
            let size = anchorSizes[name] ?? 1
            aliasExpansion += size
            if aliasExpansion > YAMLReader.maximumAliasExpansion {
                throw YAMLError(at: mark(line, column), "aliases expand to more than \(YAMLReader.maximumAliasExpansion) nodes; "
                                + "an alias of an alias of an alias… (\"billion laughs\") is refused")
            }
            try add(target, size: size)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            if stack.count >= YAMLReader.maximumDepth {
                throw YAMLError(at: mark(line, column), "nesting deeper than \(YAMLReader.maximumDepth) levels")
            }
            let isMapping = event.pointee.type == YAML_MAPPING_START_EVENT
            var anchor: Int32 = -1
            if let name = Self.string(isMapping ? event.pointee.data.mapping_start.anchor : event.pointee.data.sequence_start.anchor) {
                anchor = Int32(openAnchors.count)
                openAnchors.append(name)
            }
            stack.append(Frame(line: line, column: column, isMapping: isMapping, anchor: anchor, start: pending.count))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            let frame = stack[stack.count - 1]
            stack.removeSuffix(from: stack.count - 1)
            if frame.keyTable >= 0 { keyTables.removeLast() }
            let first = Int32(children.count)
            children.append(contentsOf: UnsafeBufferPointer(rebasing: pending.elements[frame.start...]))
            let count = Int32(pending.count - frame.start)
            pending.removeSuffix(from: frame.start)
            records.append(.init(line: frame.line, column: frame.column, kind: frame.isMapping ? .mapping : .sequence,
                                 first: first, count: count))
            let node = Int32(records.count - 1)
            if frame.anchor >= 0 { remember(anchor: openAnchors.removeLast(), node: node, size: frame.size) }
            try add(node, size: frame.size)
        default:
            break  // stream start, document end: nothing to build
        }
        return nil
    }

    private func mark(_ line: Int32, _ column: Int32) -> YAMLMark {
        YAMLMark(file: file, line: Int(line), column: Int(column))
    }

    /// `tag` is libyaml's pointer, made a `String` only when present: nearly every node has
    /// none, and an absent `String?` passed along for each event still cost a release.
    private mutating func appendScalar(_ bytes: UnsafeMutablePointer<yaml_char_t>?, length: Int, kind: YAMLDocument.Kind,
                                       tag: UnsafeMutablePointer<yaml_char_t>?, line: Int32, column: Int32) -> Int32 {
        let first = Int32(text.count)
        if let bytes, length > 0 { text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length)) }
        if let tag = Self.string(tag) { tags[Int32(records.count)] = tag }
        records.append(.init(line: line, column: column, kind: kind, first: first, count: Int32(length)))
        return Int32(records.count - 1)
    }

    private func keyText(_ record: YAMLDocument.Record) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: text.elements[Int(record.first)..<Int(record.first + record.count)]), as: UTF8.self)
    }

    private mutating func remember(anchor: String, node: Int32, size: Int) {
        anchors[anchor] = node
        anchorSizes[anchor] = size
    }

    private mutating func add(_ node: Int32, size: Int) throws(YAMLError) {
        guard stack.count > 0 else {
            root = node
            return
        }
        let top = stack.count - 1
        stack[top].size += size
        guard stack[top].isMapping else {
            pending.append(node)
            return
        }
        guard stack[top].expectsKey else {
            pending.append(node)
            stack[top].expectsKey = true
            return
        }
        // Keys must be scalars: every consumer looks entries up by their text.
        let record = records[Int(node)]
        guard record.kind.style != nil else {
            let kind = record.kind == .mapping ? "mapping" : "sequence"
            throw YAMLError(at: mark(record.line, record.column), "expected a scalar mapping key, found a \(kind)")
        }
        if let first = firstKey(record, node: node, in: top) {
            let firstRecord = records[Int(first)]
            throw YAMLError(at: mark(record.line, record.column),
                            "duplicate key '\(keyText(record))' (first defined at line \(firstRecord.line), column \(firstRecord.column))")
        }
        pending.append(node)
        stack[top].expectsKey = false
    }

    /// The key already in the mapping `stack[frame]` with the text of `record`; else remembers
    /// `node` as the key with that text.
    private mutating func firstKey(_ record: YAMLDocument.Record, node: Int32, in frame: Int) -> Int32? {
        let start = stack[frame].start
        let pendingKeys = pending.elements
        // Keys and values alternate from `start`; the node being added is not pending yet.
        let keyCount = (pendingKeys.count - start) / 2
        let table = stack[frame].keyTable
        if table < 0 {
            var index = start
            while index < pendingKeys.count {
                let key = pendingKeys[index]
                if sameText(records[Int(key)], record) { return key }
                index += 2
            }
            if keyCount + 1 > Self.linearKeyLimit {
                var seen = KeyTable(capacity: keyCount * 2)
                index = start
                while index < pendingKeys.count {
                    _ = seen.insert(pendingKeys[index], hash: hash(records[Int(pendingKeys[index])])) { _ in false }
                    index += 2
                }
                _ = seen.insert(node, hash: hash(record)) { _ in false }
                stack[frame].keyTable = Int32(keyTables.count)
                keyTables.append(seen)
            }
            return nil
        }
        let records = records.elements, text = text.elements
        return keyTables[Int(table)].insert(node, hash: hash(record)) { other in
            Self.sameText(records[Int(other)], record, in: text)
        }
    }

    private func sameText(_ lhs: YAMLDocument.Record, _ rhs: YAMLDocument.Record) -> Bool {
        Self.sameText(lhs, rhs, in: text.elements)
    }

    private static func sameText(_ lhs: YAMLDocument.Record, _ rhs: YAMLDocument.Record, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard lhs.count > 0 else { return true }
        return memcmp(text.baseAddress! + Int(lhs.first), text.baseAddress! + Int(rhs.first), Int(lhs.count)) == 0
    }

    /// FNV-1a of a scalar's bytes: keys are short, and a mapping's table is the builder's own.
    private func hash(_ record: YAMLDocument.Record) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.elements[Int(record.first)..<Int(record.first + record.count)] {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        let count = strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }
}

/// The keys of one large mapping, as their nodes in an open-addressing table; the caller
/// compares texts, so the table holds no copy of them. A slot packs a key's node with the low
/// half of its hash, which also chooses the slot, so a probe reads one word: a registry's
/// 100,000 flags make a table larger than the cache, where reading the node and the hash from
/// two arrays missed twice per key.
private struct KeyTable {
    /// The hash's low half in the high half, the node + 1 in the low half; 0 is an empty slot.
    private var slots: [UInt64]
    private var count = 0

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
    }

    /// Adds `node` unless a node with the same text (`sameText`) is already in; returns that one.
    mutating func insert(_ node: Int32, hash: UInt64, sameText: (Int32) -> Bool) -> Int32? {
        if (count + 1) * 2 > slots.count { grow() }
        let tag = hash << 32
        var slot = firstSlot(tag)
        while slots[slot] != 0 {
            let entry = slots[slot]
            let other = Int32(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
            if entry & 0xFFFF_FFFF_0000_0000 == tag && sameText(other) { return other }
            slot = (slot + 1) & (slots.count - 1)
        }
        slots[slot] = tag | UInt64(UInt32(node) + 1)
        count += 1
        return nil
    }

    /// Where the probe for a key of this hash starts: its low bits, which FNV-1a mixes best.
    private func firstSlot(_ tag: UInt64) -> Int {
        Int(truncatingIfNeeded: tag >> 32) & (slots.count - 1)
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        for entry in old where entry != 0 {
            var slot = firstSlot(entry & 0xFFFF_FFFF_0000_0000)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = entry
        }
    }
}
