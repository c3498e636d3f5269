/// The nodes of one parsed YAML document, stored flat: one small record per node, scalar texts in
/// one array and every collection's children as a run of one index array.
///
/// A `YAMLNode` is a position in one of these. A manifest of 100,000 features is millions of
/// nodes, read once or twice and mostly thrown away; as a tree of values each node carried its
/// own file path, tag and child array (about 150 bytes and several allocations a node, copied
/// with every read), while here a node is 20 bytes and copying one is copying a reference.
final class YAMLDocument: Sendable {
    /// One node. A scalar's `first` is its text in `texts` and `count` its tag in `texts` (or -1);
    /// a collection's `first` is where its children start in `children`, `count` how many
    /// indices it has there (a mapping has two per entry: key, then value).
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
    let records: [Record]
    let texts: [String]
    let children: [Int32]

    init(file: String, records: [Record], texts: [String], children: [Int32]) {
        self.file = file
        self.records = records
        self.texts = texts
        self.children = children
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
                object[key.kind.style == nil ? "" : texts[Int(key.first)]] = jsonValue(of: children[child + 1])
                child += 2
            }
            return .object(object)
        case .plain:
            let text = texts[Int(record.first)]
            if record.count >= 0 && texts[Int(record.count)] == YAMLNode.stringTag { return .string(text) }
            return YAMLNode.coreSchemaValue(of: text)
        default:
            return .string(texts[Int(record.first)])
        }
    }

    /// A document holding `content` (and what it contains) alone, for a node made by hand; the
    /// returned index is its root.
    static func holding(_ content: YAMLNode.Content, mark: YAMLMark) -> (YAMLDocument, Int32) {
        var builder = Builder()
        let root = builder.add(content, mark: mark)
        return (YAMLDocument(file: mark.file, records: builder.records, texts: builder.texts, children: builder.children), root)
    }

    /// Copies nodes made by hand into one document. Their marks keep their own files only when
    /// they match the first; a hand-made node spanning files is not something any reader makes.
    private struct Builder {
        var records: [Record] = []
        var texts: [String] = []
        var children: [Int32] = []

        mutating func add(_ content: YAMLNode.Content, mark: YAMLMark) -> Int32 {
            let line = Int32(clamping: mark.line), column = Int32(clamping: mark.column)
            switch content {
            case .scalar(let text, let style, let tag):
                texts.append(text)
                var tagIndex: Int32 = -1
                if let tag {
                    tagIndex = Int32(texts.count)
                    texts.append(tag)
                }
                records.append(Record(line: line, column: column, kind: Kind(style), first: Int32(texts.count - (tag == nil ? 1 : 2)), count: tagIndex))
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
