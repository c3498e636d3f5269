import Foundation
import Formats
import Testing

@Suite struct SnapshotReaderTests {
    static let value: JSONValue = .object([
        "enabled": .bool(true), "count": .int(-42), "big": .int(Int.max), "ratio": .double(0.25), "none": .null,
        "names": .array([.string("é"), .string("enabled"), .string("")]), "nested": .object(["enabled": .bool(false)]),
    ])

    func written() -> [UInt8] {
        var writer = SnapshotWriter()
        writer.write("enabled")
        writer.write(Int.min)
        writer.writeCount(3)
        writer.write(Self.value)
        writer.write(YAMLMark(file: "nimbus.fml.yaml", line: 12, column: 7))
        writer.write(nil as String?)
        return writer.finish()
    }

    @Test func readsBackWhatWasWritten() throws {
        var reader = try SnapshotReader(written())
        #expect(try reader.readString() == "enabled")
        #expect(try reader.readInt() == Int.min)
        #expect(try reader.readCount() == 3)
        #expect(try reader.readJSON() == Self.value)
        #expect(try reader.readMark() == YAMLMark(file: "nimbus.fml.yaml", line: 12, column: 7))
        #expect(try reader.readOptionalString() == nil)
        #expect(reader.isAtEnd)
    }

    @Test func cachedStringsReadBackTheSameAsUncached() throws {
        var writer = SnapshotWriter()
        let texts = ["bench", "2026-01-01T10:00:00Z", "bench", "é", "", "2026-01-01T10:00:00Z", "bench"]
        for text in texts { writer.write(text) }
        writer.write(nil as String?)
        writer.write(["bench", "x"])
        let bytes = writer.finish()
        var plain = try SnapshotReader(bytes), cached = try SnapshotReader(bytes)
        var cache = SnapshotReader.StringCache()
        for text in texts {
            #expect(try plain.readString() == text)
            #expect(try cached.readString(caching: &cache) == text)
        }
        #expect(try cached.readOptionalString(caching: &cache) == nil)
        #expect(try cached.readStrings(caching: &cache) == ["bench", "x"])
        #expect(cached.isAtEnd)
    }

    @Test func positionsReadBackAndACutShortListIsRefused() throws {
        var writer = SnapshotWriter()
        let positions = [0, 1, 300, 70_000, Int(UInt32.max)]
        writer.writePositions(positions)
        writer.write("after")
        let bytes = writer.finish()
        var reader = try SnapshotReader(bytes)
        #expect(try reader.readPositions() == positions)
        #expect(try reader.readString() == "after")
        var cut = try SnapshotReader(Array(bytes.dropLast(bytes.count - 22)))
        #expect(throws: SnapshotReader.Malformed.self) { try cut.readPositions() }
    }

    /// A snapshot cut short anywhere (a full disk, a crash mid-write) is refused, never misread
    /// as a shorter valid one and never a crash.
    @Test func everyTruncationIsRefused() throws {
        let bytes = written()
        for cut in 0..<bytes.count {
            #expect(throws: SnapshotReader.Malformed.self) {
                var reader = try SnapshotReader(Array(bytes.prefix(cut)))
                _ = try reader.readString(); _ = try reader.readInt(); _ = try reader.readCount(); _ = try reader.readJSON()
                _ = try reader.readMark(); _ = try reader.readOptionalString()
            }
        }
    }

    @Test func deepNestingIsRefusedWithoutExhaustingTheStack() throws {
        var bytes: [UInt8] = [0] // an empty string table
        bytes += [UInt8](repeating: 6, count: 100_000) // arrays, each holding the next
        var reader = try SnapshotReader(bytes)
        #expect(throws: SnapshotReader.Malformed.self) { try reader.readJSON() }
    }

    @Test func aStringTableThatPointsOutsideItselfIsMalformed() throws {
        var writer = SnapshotWriter()
        writer.write("first")
        writer.write("second")
        let bytes = writer.finish()
        // One byte of count, then two little-endian end offsets: 5 and 11.
        #expect(Array(bytes[1..<9]) == [5, 0, 0, 0, 11, 0, 0, 0])
        var crossed = bytes
        crossed[1] = 12  // "first" would end past the text, and "second" before it starts
        var reader = try SnapshotReader(crossed)
        #expect(throws: SnapshotReader.Malformed.self) { try reader.readString() }
        #expect(throws: SnapshotReader.Malformed.self) { try reader.readString() }
        var beyond = bytes
        beyond[5] = 200  // the text is 11 bytes long
        #expect(throws: SnapshotReader.Malformed.self) { _ = try SnapshotReader(beyond) }
    }
}
