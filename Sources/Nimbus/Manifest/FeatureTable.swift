import Synchronization

/// The features of a manifest, each with its complete default value per channel: held whole
/// when the manifest was read from YAML, or read one feature at a time from a snapshot the first
/// time it is asked for, so a start that looks at a few of 10,000 features decodes only those.
///
/// `FeatureManifest` keeps one; nothing else sees it.
final class FeatureTable: Sendable {
    struct Entry: Sendable {
        let definition: FeatureDefinition
        /// The feature's value by channel.
        let defaults: [String: JSONValue]
    }

    /// Every feature id, sorted.
    let ids: [String]
    private let whole: [String: Entry]
    /// Each feature's block in the snapshot, in the order of `ids` (found by binary search: a
    /// table keyed by id hashed 10,000 ids at every start), and the features decoded so far.
    private let blocks: [SnapshotReader.BlockPosition]
    /// The reader the block positions are in (nil for a table read from YAML).
    private let reader: SnapshotReader?
    private let decoded = Mutex<[String: Entry]>([:])

    init(entries: [String: Entry]) {
        ids = entries.keys.sorted()
        whole = entries
        blocks = []
        reader = nil
    }

    /// - Parameters:
    ///   - ids: the ids, sorted.
    ///   - blocks: where each feature's block (`FeatureTable.write`) is in `reader`, in the order of `ids`.
    init(ids: [String], blocks: [SnapshotReader.BlockPosition], in reader: SnapshotReader) {
        self.ids = ids
        whole = [:]
        self.blocks = blocks
        self.reader = reader
    }

    /// Whether there is a feature `id`, without decoding it.
    func contains(_ id: String) -> Bool {
        whole[id] != nil || blockIndex(of: id) != nil
    }

    /// The position of `id` in `ids` when the features are in blocks.
    private func blockIndex(of id: String) -> Int? {
        guard !blocks.isEmpty else { return nil }
        let index = ids.partitionPoint { $0 >= id }
        return index < ids.count && ids[index] == id ? index : nil
    }

    subscript(id: String) -> Entry? {
        if let entry = whole[id] { return entry }
        guard let index = blockIndex(of: id) else { return nil }
        if let entry = decoded.withLock({ $0[id] }) { return entry }
        guard var block = reader?.block(at: blocks[index]) else { return nil }
        // A block that does not decode cannot happen to a snapshot whose checksum matched; if
        // it does, the feature reads as unknown rather than taking the process down.
        guard let entry = try? Self.readEntry(id: id, from: &block) else { return nil }
        decoded.withLock { $0[id] = entry }
        return entry
    }

    /// Writes every feature as a block: its id, then what `readEntry` reads.
    func write(to writer: inout SnapshotWriter) {
        writer.writeCount(ids.count)
        for id in ids {
            guard let entry = self[id] else { continue }
            writer.write(id)
            writer.writeBlock { writer in
                let feature = entry.definition
                writer.write(feature.description)
                writer.write(feature.allowCoenrollment)
                writer.write(feature.location)
                writer.writeCount(feature.variables.count)
                for variable in feature.variables { variable.write(to: &writer) }
                let values = entry.defaults.sorted { $0.key < $1.key }
                writer.writeCount(values.count)
                for (channel, value) in values {
                    writer.write(channel)
                    writer.write(value)
                }
            }
        }
    }

    /// A table whose features are decoded from `reader` when first asked for.
    static func read(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) -> FeatureTable {
        let count = try reader.readCount()
        var ids: [String] = []
        ids.reserveCapacity(count)
        var blocks: [SnapshotReader.BlockPosition] = []
        blocks.reserveCapacity(count)
        for _ in 0..<count {
            let id = try reader.readString()
            // Binary search needs the order `write` gave them; a snapshot that lost it is malformed.
            guard ids.last.map({ $0 < id }) ?? true else { throw SnapshotReader.Malformed("feature ids out of order at \(id)") }
            ids.append(id)
            blocks.append(try reader.readBlockPosition())
        }
        return FeatureTable(ids: ids, blocks: blocks, in: reader)
    }

    private static func readEntry(id: String, from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) -> Entry {
        let description = try reader.readString()
        let allowCoenrollment = try reader.readBool()
        let location = try reader.readMark()
        let variables = try reader.readArray { (reader: inout SnapshotReader) throws(SnapshotReader.Malformed) in
            try VariableDefinition(snapshot: &reader)
        }
        let count = try reader.readCount()
        var defaults: [String: JSONValue] = Dictionary(minimumCapacity: count)
        for _ in 0..<count {
            let channel = try reader.readString()
            defaults[channel] = try reader.readJSON()
        }
        guard reader.isAtEnd else { throw SnapshotReader.Malformed("feature \(id) has bytes left over") }
        return Entry(definition: FeatureDefinition(id: id, description: description, variables: variables,
                                                   allowCoenrollment: allowCoenrollment, location: location),
                     defaults: defaults)
    }
}
