/// Writes values into the compact binary form of a snapshot: a cache of something that is slow
/// to read from its source (a validated Feature Manifest, say) and fast to read back.
///
/// Integers are LEB128 varints (zigzag for signed), strings are written once into a table and
/// referred to by index, so the many repeated names of a manifest cost one allocation each when
/// read back. `SnapshotReader` reads what this writes, in the same order.
///
/// ```swift
/// var writer = SnapshotWriter()
/// writer.write("enabled")
/// writer.write(42)
/// let bytes = writer.finish()  // string table, then the values
/// ```
public struct SnapshotWriter {
    private var body: [UInt8] = []
    private var stringIndex: [String: Int] = [:]
    private var strings: [String] = []

    public init() {}

    /// The string table followed by everything written. The table is the count, then where each
    /// string ends (little-endian 32-bit offsets into the text), then the text: a reader finds
    /// string i with two loads, without walking the table first.
    public func finish() -> [UInt8] {
        var table = SnapshotWriter()
        table.writeUnsigned(UInt64(strings.count))
        var text: [UInt8] = []
        for string in strings {
            text.append(contentsOf: string.utf8)
            precondition(text.count < Int(UInt32.max), "a snapshot's strings are under 4 GiB")
            let end = UInt32(text.count)
            for shift in stride(from: 0, to: 32, by: 8) { table.body.append(UInt8(truncatingIfNeeded: end >> UInt32(shift))) }
        }
        return table.body + text + body
    }

    public mutating func writeUnsigned(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            body.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        body.append(UInt8(value))
    }

    /// What `write` puts here, as a block a reader can skip and come back to
    /// (`SnapshotReader.readBlock`). Strings still go to the one table.
    public mutating func writeBlock(_ write: (inout SnapshotWriter) -> Void) {
        let outer = body
        body = []
        write(&self)
        let block = body
        body = outer
        writeCount(block.count)
        body.append(contentsOf: block)
    }

    /// A count or length, read back with `SnapshotReader.readCount`.
    public mutating func writeCount(_ value: Int) {
        precondition(value >= 0, "a count is never negative")
        writeUnsigned(UInt64(value))
    }

    /// A signed integer, read back with `SnapshotReader.readInt`.
    public mutating func write(_ value: Int) {
        writeUnsigned(UInt64(bitPattern: Int64((value << 1) ^ (value >> (Int.bitWidth - 1)))))
    }

    public mutating func write(_ value: Bool) { body.append(value ? 1 : 0) }

    public mutating func write(_ value: Double) { writeUnsigned(value.bitPattern) }

    public mutating func write(_ value: String) {
        writeUnsigned(UInt64(stringNumber(value)))
    }

    /// The position of `value` in the string table, added if new.
    private mutating func stringNumber(_ value: String) -> Int {
        if let number = stringIndex[value] { return number }
        stringIndex[value] = strings.count
        strings.append(value)
        return strings.count - 1
    }

    /// An index: `ids` with a block for each, written by `writeEntry(position, &writer)`, that a
    /// reader opens without reading any of them (`SnapshotReader.readIndex`) and then finds by
    /// position or by id. `ids` must be in UTF-8 byte order (`SnapshotIndex.position(of:)` is a
    /// binary search in that order).
    ///
    /// The layout is the count, then each id's string number and each block's end (little-endian
    /// 32-bit, the ends counted from the first block), then the blocks.
    public mutating func writeIndex(_ ids: [String], _ writeEntry: (Int, inout SnapshotWriter) -> Void) {
        precondition(zip(ids, ids.dropFirst()).allSatisfy { $0.utf8.lexicographicallyPrecedes($1.utf8) },
                     "a snapshot index needs its ids unique and in UTF-8 byte order")
        writeCount(ids.count)
        for id in ids { appendUInt32(stringNumber(id)) }
        let outer = body
        var ends: [Int] = []
        body = []
        for position in ids.indices {
            writeEntry(position, &self)
            ends.append(body.count)
        }
        let blocks = body
        body = outer
        for end in ends { appendUInt32(end) }
        body.append(contentsOf: blocks)
    }

    /// Non-negative integers under 2³², as fixed-width 32-bit numbers: a long list of positions
    /// reads back in a few instructions each (`SnapshotReader.readPositions`), not a varint each.
    public mutating func writePositions(_ values: [Int]) {
        writeCount(values.count)
        for value in values { appendUInt32(value) }
    }

    private mutating func appendUInt32(_ value: Int) {
        precondition((0...Int(UInt32.max)).contains(value), "a snapshot index entry fits 32 bits")
        for shift in stride(from: 0, to: 32, by: 8) { body.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    public mutating func write(_ value: String?) {
        write(value != nil)
        if let value { write(value) }
    }

    public mutating func write(_ values: [String]) {
        writeCount(values.count)
        for value in values { write(value) }
    }

    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: body.append(0)
        case .bool(let bool): body.append(bool ? 2 : 1)
        case .int(let int): body.append(3); write(int)
        case .double(let double): body.append(4); write(double)
        case .string(let string): body.append(5); write(string)
        case .array(let elements):
            body.append(6)
            writeCount(elements.count)
            for element in elements { write(element) }
        case .object(let members):
            body.append(7)
            writeCount(members.count)
            for (key, member) in members {
                write(key)
                write(member)
            }
        }
    }

    public mutating func write(_ mark: YAMLMark) {
        write(mark.file)
        write(mark.line)
        write(mark.column)
    }
}
