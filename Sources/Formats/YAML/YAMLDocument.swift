#if canImport(Glibc)
import Glibc
#endif

/// The nodes of one parsed YAML document, stored flat: one small record per node, the bytes of
/// every scalar one after another in one buffer, and every collection's children as a run of
/// one index array.
///
/// A `YAMLNode` is a position in one of these. A manifest of 100,000 features is millions of
/// nodes, read once or twice and mostly thrown away: a scalar's `String` is made only when
/// something asks for its text, and keys are looked up by comparing bytes, so a document costs
/// a record of 20 bytes per node and its text, with no allocation per node. The three runs are
/// held as buffers the document owns rather than arrays, so reading a node retains nothing:
/// reference counting of the arrays on every access was a sixth of a cold load's time.
final class YAMLDocument: @unchecked Sendable {
    /// One node. A scalar's `first` is where its text starts in `text` and `count` how many
    /// bytes it has; a collection's `first` is where its children start in `children`, `count`
    /// how many indices it has there (a mapping has two per entry: key, then value).
    struct Record: Sendable {
        var line: Int32
        var column: Int32
        var kind: Kind
        var first: Int32
        var count: Int32
    }

    /// A scalar's style, or the collection kind.
    enum Kind: UInt8, Sendable {
        case plain, singleQuoted, doubleQuoted, literal, folded, sequence, mapping

        init(_ style: YAMLNode.ScalarStyle) {
            self = switch style {
            case .plain: .plain
            case .singleQuoted: .singleQuoted
            case .doubleQuoted: .doubleQuoted
            case .literal: .literal
            case .folded: .folded
            }
        }

        var style: YAMLNode.ScalarStyle? {
            switch self {
            case .plain: .plain
            case .singleQuoted: .singleQuoted
            case .doubleQuoted: .doubleQuoted
            case .literal: .literal
            case .folded: .folded
            case .sequence, .mapping: nil
            }
        }
    }

    let file: String
    /// Never mutated after `init`; freed with the document.
    let records: UnsafeBufferPointer<Record>
    /// The UTF-8 bytes of every scalar (libyaml hands out valid UTF-8 only).
    let text: UnsafeBufferPointer<UInt8>
    /// The explicit tags of the few scalars that have one, by node.
    let tags: [Int32: String]
    let children: UnsafeBufferPointer<Int32>

    /// A document of the three runs `YAMLReader` built, which it now owns.
    init(file: String, records: consuming GrowableBuffer<Record>, text: consuming GrowableBuffer<UInt8>, tags: [Int32: String],
         children: consuming GrowableBuffer<Int32>) {
        self.file = file
        self.records = records.take()
        self.text = text.take()
        self.tags = tags
        self.children = children.take()
    }

    deinit {
        free(UnsafeMutableRawPointer(mutating: records.baseAddress))
        free(UnsafeMutableRawPointer(mutating: text.baseAddress))
        free(UnsafeMutableRawPointer(mutating: children.baseAddress))
    }

    /// The text of the scalar `record`.
    func string(_ record: Record) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: text[Int(record.first)..<Int(record.first + record.count)]), as: UTF8.self)
    }

    /// Whether the scalar `record`'s text is `key`, compared on the bytes.
    func scalar(_ record: Record, is key: String) -> Bool {
        let utf8 = key.utf8
        guard utf8.count == Int(record.count) else { return false }
        // Native and small strings (every key a format names) have contiguous bytes; only a
        // bridged one would need copying.
        if let equal = utf8.withContiguousStorageIfAvailable({ wanted in
            wanted.isEmpty || memcmp(wanted.baseAddress!, text.baseAddress! + Int(record.first), wanted.count) == 0
        }) {
            return equal
        }
        return utf8.elementsEqual(UnsafeBufferPointer(rebasing: text[Int(record.first)..<Int(record.first + record.count)]))
    }

    /// Whether the scalar at `index` is tagged `!!str`.
    func isTaggedString(_ index: Int32) -> Bool {
        !tags.isEmpty && tags[index] == YAMLNode.stringTag
    }

    /// The node at `index` as JSON (see `YAMLNode.jsonValue`), walked on the records.
    func jsonValue(of index: Int32) -> JSONValue {
        let record = records[Int(index)]
        switch record.kind {
        case .sequence:
            let start = Int(record.first)
            var array: [JSONValue] = []
            array.reserveCapacity(Int(record.count))
            for child in children[start..<start + Int(record.count)] { array.append(jsonValue(of: child)) }
            return .array(array)
        case .mapping:
            var object: [String: JSONValue] = Dictionary(minimumCapacity: Int(record.count) / 2)
            var child = Int(record.first)
            let end = child + Int(record.count)
            while child < end {
                let key = records[Int(children[child])]
                object[key.kind.style == nil ? "" : string(key)] = jsonValue(of: children[child + 1])
                child += 2
            }
            return .object(object)
        case .plain:
            let text = string(record)
            if isTaggedString(index) { return .string(text) }
            return YAMLNode.coreSchemaValue(of: text)
        default:
            return .string(string(record))
        }
    }

    /// A document holding `content` (and what it contains) alone, for a node made by hand; the
    /// returned index is its root.
    static func holding(_ content: YAMLNode.Content, mark: YAMLMark) -> (YAMLDocument, Int32) {
        var builder = Builder()
        let root = builder.add(content, mark: mark)
        return (YAMLDocument(file: mark.file, records: GrowableBuffer(copying: builder.records), text: GrowableBuffer(copying: builder.text),
                             tags: builder.tags, children: GrowableBuffer(copying: builder.children)), root)
    }

    /// Copies nodes made by hand into one document. Their marks keep their own files only when
    /// they match the first; a hand-made node spanning files is not something any reader makes.
    private struct Builder {
        var records: [Record] = []
        var text: [UInt8] = []
        var tags: [Int32: String] = [:]
        var children: [Int32] = []

        mutating func add(_ content: YAMLNode.Content, mark: YAMLMark) -> Int32 {
            let line = Int32(clamping: mark.line), column = Int32(clamping: mark.column)
            switch content {
            case .scalar(let scalar, let style, let tag):
                let first = Int32(text.count)
                text += scalar.utf8
                if let tag { tags[Int32(records.count)] = tag }
                records.append(Record(line: line, column: column, kind: Kind(style), first: first, count: Int32(text.count) - first))
            case .sequence(let items):
                let indices = items.map { add($0.content, mark: $0.mark) }
                records.append(Record(line: line, column: column, kind: .sequence, first: Int32(children.count), count: Int32(indices.count)))
                children += indices
            case .mapping(let entries):
                var indices: [Int32] = []
                for entry in entries {
                    indices.append(add(entry.key.content, mark: entry.key.mark))
                    indices.append(add(entry.value.content, mark: entry.value.mark))
                }
                records.append(Record(line: line, column: column, kind: .mapping, first: Int32(children.count), count: Int32(indices.count)))
                children += indices
            }
            return Int32(records.count - 1)
        }
    }
}
