/// One node of a parsed YAML document: a scalar, a sequence or a mapping, with its position.
///
/// Use it to read YAML files whose shape you check yourself (the Feature Manifest, the flag
/// registry) and whose errors must name a line and column. Mappings keep their keys in file
/// order; anchors and aliases are already resolved. `jsonValue` converts with the YAML 1.2 core
/// schema.
///
/// ```swift
/// let root = try YAMLReader.read(string: "enabled: true\nname: 'x'", name: "f.yaml")
/// root["enabled"]?.jsonValue     // .bool(true)
/// root["name"]?.string           // "x"
/// root.entries?.map(\.key.string) // ["enabled", "name"]
/// ```
public struct YAMLNode: Sendable, Hashable {
    /// How a scalar was written. Only plain scalars are subject to the core schema: a quoted
    /// `"true"` is a string.
    public enum ScalarStyle: Sendable, Hashable {
        case plain
        case singleQuoted
        case doubleQuoted
        case literal
        case folded
    }

    /// One `key: value` pair of a mapping.
    public struct Entry: Sendable, Hashable {
        public let key: YAMLNode
        public let value: YAMLNode

        public init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    /// What the node is. Switch over it when the convenience accessors (`string`, `items`,
    /// `entries`) are not enough, e.g. to tell a quoted scalar from a plain one.
    public enum Content: Sendable, Hashable {
        /// `tag` is the resolved explicit tag (`tag:yaml.org,2002:str` for `!!str`), if any.
        case scalar(String, style: ScalarStyle, tag: String?)
        case sequence([YAMLNode])
        case mapping([Entry])
    }

    /// The document the node is in, and its record there.
    let document: YAMLDocument
    let index: Int32

    init(document: YAMLDocument, index: Int32) {
        self.document = document
        self.index = index
    }

    public init(_ content: Content, mark: YAMLMark) {
        (document, index) = YAMLDocument.holding(content, mark: mark)
    }

    private var record: YAMLDocument.Record { document.records[Int(index)] }

    /// What the node is, made from the document when asked: prefer `string`, `items`, `entries`
    /// and the subscript, which make no more than they return.
    public var content: Content {
        let record = record
        if let style = record.kind.style {
            return .scalar(document.string(record), style: style, tag: document.tags.isEmpty ? nil : document.tags[index])
        }
        return record.kind == .mapping ? .mapping(entries!) : .sequence(items!)
    }

    public var mark: YAMLMark {
        let record = record
        return YAMLMark(file: document.file, line: Int(record.line), column: Int(record.column))
    }

    public static func == (lhs: YAMLNode, rhs: YAMLNode) -> Bool {
        if lhs.document === rhs.document && lhs.index == rhs.index { return true }
        return lhs.mark == rhs.mark && lhs.content == rhs.content
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(mark)
        hasher.combine(record.kind.rawValue)
        hasher.combine(string)
    }

    // MARK: Reading

    /// The text of a scalar (whatever its style), or nil for a sequence or mapping.
    public var string: String? {
        let record = record
        return record.kind.style == nil ? nil : document.string(record)
    }

    /// The items of a sequence, or nil for anything else.
    public var items: [YAMLNode]? {
        let record = record
        guard record.kind == .sequence else { return nil }
        let start = Int(record.first)
        return document.children[start..<start + Int(record.count)].map { YAMLNode(document: document, index: $0) }
    }

    /// The entries of a mapping in file order, or nil for anything else.
    public var entries: [Entry]? {
        let record = record
        guard record.kind == .mapping else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(Int(record.count) / 2)
        var child = Int(record.first)
        let end = child + Int(record.count)
        while child < end {
            entries.append(Entry(key: YAMLNode(document: document, index: document.children[child]),
                                 value: YAMLNode(document: document, index: document.children[child + 1])))
            child += 2
        }
        return entries
    }

    /// Calls `body` with each key and value of a mapping in file order; returns false (calling
    /// nothing) for anything else. It makes no array: the loaders walk millions of entries once.
    @discardableResult
    public func forEachEntry<E: Error>(_ body: (_ key: YAMLNode, _ value: YAMLNode) throws(E) -> Void) throws(E) -> Bool {
        let record = record
        guard record.kind == .mapping else { return false }
        var child = Int(record.first)
        let end = child + Int(record.count)
        while child < end {
            try body(YAMLNode(document: document, index: document.children[child]), YAMLNode(document: document, index: document.children[child + 1]))
            child += 2
        }
        return true
    }

    /// `forEachEntry`, after a `YAMLError` at the node's position when it is not a mapping: what
    /// `requireMapping` says, without the array it makes. `what` is only made for the message.
    public func forEachEntry(requiringMapping what: @autoclosure () -> String,
                             _ body: (_ key: YAMLNode, _ value: YAMLNode) throws(YAMLError) -> Void) throws(YAMLError) {
        guard isMapping else { throw notMapping(what()) }
        try forEachEntry(body)
    }

    /// The value of the mapping entry whose key is `key`, or nil (also for non-mappings).
    public subscript(key: String) -> YAMLNode? {
        let record = record
        guard record.kind == .mapping else { return nil }
        var child = Int(record.first)
        let end = child + Int(record.count)
        while child < end {
            let keyRecord = document.records[Int(document.children[child])]
            if keyRecord.kind.style != nil, document.scalar(keyRecord, is: key) {
                return YAMLNode(document: document, index: document.children[child + 1])
            }
            child += 2
        }
        return nil
    }

    /// Whether the node is a scalar whose text is `text`, compared on the bytes without making
    /// a `String`: what checking a key against the names a format allows needs.
    public func hasText(_ text: String) -> Bool {
        let record = record
        return record.kind.style != nil && document.scalar(record, is: text)
    }

    /// Whether the node is a scalar whose text is one of `texts`: a key checked against every
    /// name a format allows, reading the node once rather than once per name.
    public func hasText(anyOf texts: [String]) -> Bool {
        let record = record
        guard record.kind.style != nil else { return false }
        for text in texts where document.scalar(record, is: text) { return true }
        return false
    }

    /// The keys of a mapping in file order (empty for anything else).
    public var keys: [String] { entries?.compactMap(\.key.string) ?? [] }

    public var isScalar: Bool { record.kind.style != nil }
    public var isSequence: Bool { record.kind == .sequence }
    public var isMapping: Bool { record.kind == .mapping }

    /// True for a plain `null`, `~` or empty scalar: YAML's way of writing "no value".
    public var isNull: Bool {
        let record = record
        guard record.kind == .plain else { return false }
        guard record.count <= 4, !document.isTaggedString(index) else { return false }
        switch document.string(record) {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    static let stringTag = "tag:yaml.org,2002:str"

    /// A short name of the node's kind for messages ("expected a mapping, found a sequence").
    public var kindName: String {
        switch record.kind {
        case .sequence: "sequence"
        case .mapping: "mapping"
        default: "scalar"
        }
    }

    /// The node, or a `YAMLError` at its position when it is not a mapping. `what` names the
    /// thing in the message ("the value of `features`"); it is only made for the message.
    public func requireMapping(_ what: @autoclosure () -> String) throws(YAMLError) -> [Entry] {
        guard let entries else { throw notMapping(what()) }
        return entries
    }

    private func notMapping(_ what: String) -> YAMLError {
        YAMLError(at: mark, "expected \(what) to be a mapping, found a \(kindName)")
    }

    /// The items, or a `YAMLError` at the node's position when it is not a sequence.
    public func requireSequence(_ what: @autoclosure () -> String) throws(YAMLError) -> [YAMLNode] {
        guard let items else { throw YAMLError(at: mark, "expected \(what()) to be a sequence, found a \(kindName)") }
        return items
    }

    /// The scalar text, or a `YAMLError` at the node's position when it is not a scalar.
    public func requireString(_ what: @autoclosure () -> String) throws(YAMLError) -> String {
        guard let string else { throw YAMLError(at: mark, "expected \(what()) to be a string, found a \(kindName)") }
        return string
    }

    // MARK: JSON

    /// The node as JSON, plain scalars resolved with the YAML 1.2 core schema: `null`, `~` and
    /// empty are null; `true`/`True`/`TRUE` and the `false` forms are booleans; integers (also
    /// `0x`/`0o`) and floats are numbers; `yes`, `no`, `on`, `off` stay strings (YAML 1.1 is not
    /// followed). Quoted and block scalars and anything tagged `!!str` are always strings.
    public var jsonValue: JSONValue { document.jsonValue(of: index) }

    /// The YAML 1.2 core-schema reading of a plain scalar.
    static func coreSchemaValue(of text: String) -> JSONValue {
        // Decided on the bytes where it can be: a manifest's plain scalars are mostly words,
        // sentences and small integers, and matching each against every keyword of the schema
        // as `String`s cost more than libyaml's parsing of it.
        let utf8 = text.utf8
        guard let first = utf8.first else { return .null }
        let isDigit = first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")
        let mayBeNumber = isDigit || first == UInt8(ascii: "+") || first == UInt8(ascii: "-") || first == UInt8(ascii: ".")
        if utf8.count <= 6, !isDigit, let keyword = coreKeyword(text) { return keyword }
        guard mayBeNumber else { return .string(text) }
        if let int = smallDecimal(utf8) { return .int(int) }
        if let int = integer(text) { return int }
        if isCoreFloat(text), let double = Double(text) { return .double(double) }
        return .string(text)
    }

    /// The plain scalars the core schema reads as null, booleans and special floats. A switch
    /// rather than a dictionary: every Boolean default of a manifest is one of these, and
    /// hashing each to look it up cost more than comparing it with the few of its length.
    private static func coreKeyword(_ text: String) -> JSONValue? {
        switch text {
        case "~", "null", "Null", "NULL": .null
        case "true", "True", "TRUE": .bool(true)
        case "false", "False", "FALSE": .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": .double(.infinity)
        case "-.inf", "-.Inf", "-.INF": .double(-.infinity)
        case ".nan", ".NaN", ".NAN": .double(.nan)
        default: nil
        }
    }

    /// `[-+]?[0-9]{1,18}` read from its bytes (too short to overflow), else nil.
    private static func smallDecimal(_ utf8: String.UTF8View) -> Int? {
        var index = utf8.startIndex
        var negative = false
        if utf8[index] == UInt8(ascii: "-") || utf8[index] == UInt8(ascii: "+") {
            negative = utf8[index] == UInt8(ascii: "-")
            index = utf8.index(after: index)
        }
        var value = 0, digits = 0
        while index < utf8.endIndex {
            let byte = utf8[index]
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"), digits < 18 else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
            index = utf8.index(after: index)
        }
        guard digits > 0 else { return nil }
        return negative ? -value : value
    }

    private static func integer(_ text: String) -> JSONValue? {
        let digits = "0123456789"
        if text.hasPrefix("0x"), text.count > 2,
           text.dropFirst(2).allSatisfy(\.isHexDigit), let value = Int(text.dropFirst(2), radix: 16) {
            return .int(value)
        }
        if text.hasPrefix("0o"), text.count > 2,
           text.dropFirst(2).allSatisfy({ "01234567".contains($0) }), let value = Int(text.dropFirst(2), radix: 8) {
            return .int(value)
        }
        var body = Substring(text)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        guard !body.isEmpty, body.allSatisfy({ digits.contains($0) }) else { return nil }
        // Too large for Int: the core schema still calls it a number, so keep it as a double.
        if let value = Int(text) { return .int(value) }
        return Double(text).map(JSONValue.double)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, checked by hand so that Swift's more
    /// liberal `Double(_:)` ("nan", "0x1p3") does not decide what YAML calls a number.
    private static func isCoreFloat(_ text: String) -> Bool {
        var chars = Substring(text)
        func digits() -> Int {
            let count = chars.prefix(while: \.isASCIIDigit).count
            chars = chars.dropFirst(count)
            return count
        }
        if chars.first == "-" || chars.first == "+" { chars = chars.dropFirst() }
        let whole = digits()
        var fraction = 0
        if chars.first == "." {
            chars = chars.dropFirst()
            fraction = digits()
            if whole == 0 && fraction == 0 { return false }
        } else if whole == 0 {
            return false
        }
        if chars.first == "e" || chars.first == "E" {
            chars = chars.dropFirst()
            if chars.first == "-" || chars.first == "+" { chars = chars.dropFirst() }
            if digits() == 0 { return false }
        }
        return chars.isEmpty
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
