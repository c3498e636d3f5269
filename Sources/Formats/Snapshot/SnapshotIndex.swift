/// Ids, each with a block, in a snapshot (`SnapshotWriter.writeIndex`): opened without decoding
/// any entry (one pass of integer checks), then read one entry at a time, by position or by id.
/// A 10,000-flag registry or a 10,000-feature manifest makes only the strings and values asked for.
///
/// The ids are in UTF-8 byte order: the writer checks it, and a snapshot is checksummed, so the
/// reader trusts it rather than compare 10,000 ids at every start.
///
/// ```swift
/// let features = try reader.readIndex()
/// if let position = features.position(of: "homescreen") {
///     var block = features.block(at: position)   // what writeIndex's closure wrote
/// }
/// ```
public struct SnapshotIndex: Sendable {
    private let reader: SnapshotReader
    /// How many entries there are.
    public let count: Int
    /// Where the string numbers of the ids start; the block ends follow them.
    private let entriesStart: Int
    private let blocksStart: Int

    init(reader: SnapshotReader, count: Int, entriesStart: Int, blocksStart: Int) {
        self.reader = reader
        self.count = count
        self.entriesStart = entriesStart
        self.blocksStart = blocksStart
    }

    /// The id of the entry at `position` (in `0..<count`).
    public func id(at position: Int) -> String {
        precondition((0..<count).contains(position), "index position out of range")
        // `readIndex` checked every string number; only a damaged string table (end offsets that
        // go backwards, which the checksum rules out) could still fail, and then reads as "".
        return (try? reader.string(at: idNumber(at: position))) ?? ""
    }

    /// A reader of the block of the entry at `position`.
    public func block(at position: Int) -> SnapshotReader {
        precondition((0..<count).contains(position), "index position out of range")
        let start = position == 0 ? 0 : reader.uint32(at: entriesStart + 4 * (count + position - 1))
        let end = reader.uint32(at: entriesStart + 4 * (count + position))
        return reader.block(from: blocksStart + start, to: blocksStart + end)
    }

    /// The position of the entry whose id is `id`, if any: a binary search over the ids' bytes,
    /// which makes no strings.
    public func position(of id: String) -> Int? {
        var id = id
        return id.withUTF8 { utf8 in
            var low = 0, high = count
            while low < high {
                let middle = (low + high) / 2
                guard let order = try? reader.compareString(at: idNumber(at: middle), with: utf8) else { return nil }
                if order == 0 { return middle }
                if order < 0 { low = middle + 1 } else { high = middle }
            }
            return nil
        }
    }

    private func idNumber(at position: Int) -> Int {
        reader.uint32(at: entriesStart + 4 * position)
    }
}
