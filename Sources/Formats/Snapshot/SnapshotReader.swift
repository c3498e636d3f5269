#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads what `SnapshotWriter` wrote, in the same order, and throws `SnapshotReader.Malformed`
/// on anything else: a truncated file, a bad tag, an index out of range.
///
/// A snapshot is a cache, so a malformed one is never the user's problem: whoever reads it
/// falls back to the source and writes a new one.
///
/// ```swift
/// var reader = try SnapshotReader(bytes)
/// let name = try reader.readString()
/// let count = try reader.readInt()
/// ```
public struct SnapshotReader: Sendable {
    /// The bytes are not a snapshot this code wrote.
    public struct Malformed: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    private let bytes: [UInt8]
    private var index = 0
    /// Where this reader stops: the end of the bytes, or of the block it was made for.
    private var end: Int
    /// The string table (`SnapshotWriter.finish`): where the end offsets start, how many strings
    /// there are, and where their text starts and how long it is. Strings are made when read,
    /// not up front: most of a large manifest's (descriptions, say) are never read.
    private var stringEndsStart = 0
    private var stringCount = 0
    private var textStart = 0
    private var textLength = 0
    private var depth = 0

    /// Reads the string table at `start` in `bytes` (a file's header may come before it); the
    /// values follow it.
    public init(_ bytes: [UInt8], from start: Int = 0) throws(Malformed) {
        guard bytes.count < Int(UInt32.max), (0...bytes.count).contains(start) else { throw Malformed("snapshot too large") }
        self.bytes = bytes
        index = start
        end = bytes.count
        let count = try readCount()
        guard count <= (end - index) / 4 else { throw Malformed("string table past the end") }
        stringEndsStart = index
        stringCount = count
        textStart = index + 4 * count
        textLength = count == 0 ? 0 : Int(Self.loadUInt32(bytes, at: index + 4 * (count - 1)))
        guard textLength <= end - textStart else { throw Malformed("strings past the end") }
        index = textStart + textLength
    }

    private static func loadUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    }

    /// True when every byte (of the block) was read.
    public var isAtEnd: Bool { index == end }

    /// A reader of the block written by `SnapshotWriter.writeBlock` here, which this reader
    /// skips. Keep it to read the block later, or never: a large snapshot can be read piece by piece.
    public mutating func readBlock() throws(Malformed) -> SnapshotReader {
        let length = try readCount()
        guard length <= end - index else { throw Malformed("block past the end") }
        defer { index += length }
        return block(from: index, to: index + length)
    }

    /// A reader of `bytes[start..<end]` as a block of this snapshot (a block of an index, or one
    /// `readBlock` found): it shares this reader's bytes and string table.
    func block(from start: Int, to end: Int) -> SnapshotReader {
        var block = self
        block.index = start
        block.end = end
        block.depth = 0
        return block
    }

    /// The index written by `SnapshotWriter.writeIndex` here, which this reader skips: its ids
    /// and blocks are read when asked for, one at a time. Checks every entry (two integers each)
    /// so the index's accessors cannot go out of bounds.
    public mutating func readIndex() throws(Malformed) -> SnapshotIndex {
        let count = try readCount()
        guard count <= (end - index) / 8 else { throw Malformed("index table past the end") }
        let entriesStart = index
        let blocksStart = index + 8 * count
        var previousEnd = 0
        for entry in 0..<count {
            let idNumber = Int(Self.loadUInt32(bytes, at: entriesStart + 4 * entry))
            let blockEnd = Int(Self.loadUInt32(bytes, at: entriesStart + 4 * (count + entry)))
            guard idNumber < stringCount, blockEnd >= previousEnd else { throw Malformed("bad index entry \(entry)") }
            previousEnd = blockEnd
        }
        guard previousEnd <= end - blocksStart else { throw Malformed("index blocks past the end") }
        index = blocksStart + previousEnd
        return SnapshotIndex(reader: self, count: count, entriesStart: entriesStart, blocksStart: blocksStart)
    }

    /// What `SnapshotWriter.writePositions` wrote.
    public mutating func readPositions() throws(Malformed) -> [Int] {
        let count = try readCount()
        guard count <= (end - index) / 4 else { throw Malformed("positions past the end") }
        let start = index
        index += 4 * count
        return (0..<count).map { uint32(at: start + 4 * $0) }
    }

    /// The little-endian 32-bit integer at `offset` (which `readIndex` checked is inside the bytes).
    func uint32(at offset: Int) -> Int { Int(Self.loadUInt32(bytes, at: offset)) }

    public mutating func readUnsigned() throws(Malformed) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while index < end {
            let byte = bytes[index]
            index += 1
            guard shift < 64 else { break }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        throw Malformed("varint past the end")
    }

    public mutating func readInt() throws(Malformed) -> Int {
        let raw = try readUnsigned()
        return Int(truncatingIfNeeded: Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }

    /// A count or length: not negative, and not more than the bytes that are left could hold.
    public mutating func readCount() throws(Malformed) -> Int {
        let value = try readUnsigned()
        guard value <= UInt64(end - index) else { throw Malformed("count \(value) larger than the snapshot") }
        return Int(value)
    }

    public mutating func readBool() throws(Malformed) -> Bool {
        guard index < end else { throw Malformed("boolean past the end") }
        defer { index += 1 }
        switch bytes[index] {
        case 0: return false
        case 1: return true
        default: throw Malformed("bad boolean")
        }
    }

    public mutating func readDouble() throws(Malformed) -> Double { Double(bitPattern: try readUnsigned()) }

    public mutating func readString() throws(Malformed) -> String {
        try string(at: try readStringNumber())
    }

    /// The number, in the table, of the string written here.
    private mutating func readStringNumber() throws(Malformed) -> Int {
        let position = try readUnsigned()
        guard position < UInt64(stringCount) else { throw Malformed("string index out of range") }
        return Int(position)
    }

    /// String `number` of the table.
    func string(at number: Int) throws(Malformed) -> String {
        let text = try textRange(of: number)
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[text]), as: UTF8.self) }
    }

    /// How string `number` of the table compares with `utf8`, byte by byte: negative when it comes
    /// first, zero when equal. For binary searches that make no strings (`SnapshotIndex`).
    func compareString(at number: Int, with utf8: UnsafeBufferPointer<UInt8>) throws(Malformed) -> Int {
        let text = try textRange(of: number)
        return bytes.withUnsafeBufferPointer { all in
            let common = min(text.count, utf8.count)
            let order = common == 0 ? 0 : Int(memcmp(all.baseAddress! + text.lowerBound, utf8.baseAddress!, common))
            return order != 0 ? order : text.count - utf8.count
        }
    }

    /// Where string `number`'s text is in `bytes`.
    private func textRange(of number: Int) throws(Malformed) -> Range<Int> {
        guard (0..<stringCount).contains(number) else { throw Malformed("string index out of range") }
        let start = number == 0 ? 0 : Int(Self.loadUInt32(bytes, at: stringEndsStart + 4 * (number - 1)))
        let stringEnd = Int(Self.loadUInt32(bytes, at: stringEndsStart + 4 * number))
        guard start <= stringEnd, stringEnd <= textLength else { throw Malformed("string \(number) out of the table") }
        return (textStart + start)..<(textStart + stringEnd)
    }

    public mutating func readOptionalString() throws(Malformed) -> String? {
        try readBool() ? try readString() : nil
    }

    /// `readString`, made once per string of the table however often it is read: for a pass
    /// over many records that repeat the same names, dates and ids.
    public mutating func readString(caching cache: inout StringCache) throws(Malformed) -> String {
        let number = try readStringNumber()
        if cache.strings.isEmpty { cache.strings = Array(repeating: nil, count: stringCount) }
        if let known = cache.strings[number] { return known }
        let string = try string(at: number)
        cache.strings[number] = string
        return string
    }

    /// `readOptionalString`, with `readString(caching:)`'s cache.
    public mutating func readOptionalString(caching cache: inout StringCache) throws(Malformed) -> String? {
        try readBool() ? try readString(caching: &cache) : nil
    }

    /// `readStrings`, with `readString(caching:)`'s cache.
    public mutating func readStrings(caching cache: inout StringCache) throws(Malformed) -> [String] {
        try readArray { (reader: inout SnapshotReader) throws(Malformed) in try reader.readString(caching: &cache) }
    }

    /// The strings of one snapshot's table made so far, by number (`readString(caching:)`).
    /// Use one per snapshot, for one pass.
    public struct StringCache {
        fileprivate var strings: [String?] = []
        /// An empty cache, sized to the table at its first use.
        public init() {}
    }

    public mutating func readStrings() throws(Malformed) -> [String] {
        try readArray { (reader: inout SnapshotReader) throws(Malformed) in try reader.readString() }
    }

    /// `count` values read by `element`, for arrays of any type.
    public mutating func readArray<T>(_ element: (inout SnapshotReader) throws(Malformed) -> T) throws(Malformed) -> [T] {
        let count = try readCount()
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try element(&self)) }
        return values
    }

    public mutating func readJSON() throws(Malformed) -> JSONValue {
        guard index < end else { throw Malformed("value past the end") }
        let tag = bytes[index]
        index += 1
        switch tag {
        case 0: return .null
        case 1: return .bool(false)
        case 2: return .bool(true)
        case 3: return .int(try readInt())
        case 4: return .double(try readDouble())
        case 5: return .string(try readString())
        case 6, 7:
            depth += 1
            defer { depth -= 1 }
            guard depth <= JSONParser.maximumDepth else { throw Malformed("values nested too deep") }
            return try readContainer(isArray: tag == 6)
        default: throw Malformed("bad value tag \(tag)")
        }
    }

    private mutating func readContainer(isArray: Bool) throws(Malformed) -> JSONValue {
        if isArray {
            return .array(try readArray { (reader: inout SnapshotReader) throws(Malformed) in try reader.readJSON() })
        }
        let count = try readCount()
        var members: [String: JSONValue] = Dictionary(minimumCapacity: count)
        for _ in 0..<count {
            let key = try readString()
            members[key] = try readJSON()
        }
        return .object(members)
    }

    public mutating func readMark() throws(Malformed) -> YAMLMark {
        YAMLMark(file: try readString(), line: try readInt(), column: try readInt())
    }
}
