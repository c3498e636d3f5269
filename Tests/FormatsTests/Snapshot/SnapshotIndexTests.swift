import Formats
import Testing

@Suite struct SnapshotIndexTests {
    /// Ids in UTF-8 byte order, as `writeIndex` requires; one is shared with a value outside.
    static let ids = ["", "a", "aa", "ab", "b", "enabled", "homescreen", "zz", "é"]

    func written() -> [UInt8] {
        var writer = SnapshotWriter()
        writer.write("before")
        writer.writeIndex(Self.ids) { position, writer in
            writer.write(position)
            writer.write("value of " + Self.ids[position])
        }
        writer.write("enabled")
        return writer.finish()
    }

    @Test func opensWithoutReadingEntriesAndReadsEachBack() throws {
        var reader = try SnapshotReader(written())
        #expect(try reader.readString() == "before")
        let index = try reader.readIndex()
        // The values after the index are read on, so the index was skipped whole.
        #expect(try reader.readString() == "enabled")
        #expect(reader.isAtEnd)
        #expect(index.count == Self.ids.count)
        for position in Self.ids.indices.reversed() {
            #expect(index.id(at: position) == Self.ids[position])
            var block = index.block(at: position)
            #expect(try block.readInt() == position)
            #expect(try block.readString() == "value of " + Self.ids[position])
            #expect(block.isAtEnd)
        }
    }

    @Test func findsEveryIdByBinarySearchAndNothingElse() throws {
        var reader = try SnapshotReader(written())
        _ = try reader.readString()
        let index = try reader.readIndex()
        for (position, id) in Self.ids.enumerated() { #expect(index.position(of: id) == position) }
        for missing in ["0", "aaa", "ac", "c", "enable", "enabledx", "zzz", "ê", "before"] {
            #expect(index.position(of: missing) == nil, "found \(missing)")
        }
    }

    @Test func anEmptyIndexFindsNothing() throws {
        var writer = SnapshotWriter()
        writer.writeIndex([]) { _, _ in }
        var reader = try SnapshotReader(writer.finish())
        let index = try reader.readIndex()
        #expect(index.count == 0 && index.position(of: "a") == nil && reader.isAtEnd)
    }

    /// A cut-short or damaged index is refused when opened, so reading an entry later cannot go
    /// out of bounds.
    @Test func everyTruncationIsRefused() throws {
        var writer = SnapshotWriter()
        writer.writeIndex(Self.ids) { position, writer in writer.write(position) }
        let bytes = writer.finish()
        var cutsInTheIndex = 0
        for cut in 0..<bytes.count {
            // A cut in the string table is refused by the reader itself; the rest reach the index.
            guard var reader = try? SnapshotReader(Array(bytes.prefix(cut))) else { continue }
            cutsInTheIndex += 1
            #expect(throws: SnapshotReader.Malformed.self, "cut at \(cut)") { _ = try reader.readIndex() }
        }
        #expect(cutsInTheIndex > 8 * Self.ids.count, "most cuts fall in the index's table and blocks")
    }

    @Test func blockEndsThatGoBackwardsAreRefused() throws {
        var writer = SnapshotWriter()
        writer.writeIndex(["a", "b"]) { position, writer in writer.write(position) }
        var bytes = writer.finish()
        // Table: count 2, two end offsets, text "ab"; the index: count 2, two string numbers,
        // then the two block ends (1 and 2). Make the second end 0.
        let secondEnd = 1 + 8 + 2 + 1 + 8 + 4
        #expect(bytes[secondEnd] == 2)
        bytes[secondEnd] = 0
        #expect(throws: SnapshotReader.Malformed.self) {
            var reader = try SnapshotReader(bytes)
            _ = try reader.readIndex()
        }
    }

    @Test func aStringNumberOutsideTheTableIsRefused() throws {
        var writer = SnapshotWriter()
        writer.writeIndex(["a"]) { _, _ in }
        var bytes = writer.finish()
        // Table: count 1, one end offset, text "a"; then the index: count 1, string number 0.
        let numberOffset = 1 + 4 + 1 + 1
        #expect(bytes[numberOffset] == 0)
        bytes[numberOffset] = 7
        #expect(throws: SnapshotReader.Malformed.self) {
            var reader = try SnapshotReader(bytes)
            _ = try reader.readIndex()
        }
    }
}
