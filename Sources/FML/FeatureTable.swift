import Synchronization
import Formats

/// The features of a manifest, each with its complete default value per channel: held whole
/// when the manifest was read from YAML, or read one feature at a time from a snapshot the first
/// time it is asked for, so a start that looks at a few of 10,000 features decodes only those.
///
/// `FeatureManifest` keeps one; nothing else sees it.
final class FeatureTable: Sendable {
    /// A class, so that a lookup hands out one reference: a listing looks up every feature of
    /// a large app, and copying the definition and the defaults retained each of their parts,
    /// objects scattered over the heap that were not in the cache.
    final class Entry: Sendable {
        let definition: FeatureDefinition
        /// The feature's value by channel.
        let defaults: ChannelDefaults

        init(definition: FeatureDefinition, defaults: ChannelDefaults) {
            self.definition = definition
            self.defaults = defaults
        }
    }

    /// The features read from YAML (empty for a snapshot's table).
    private let whole: [String: Entry]
    /// Their ids in UTF-8 byte order, the order of a snapshot's index.
    private let wholeIDs: [String]
    /// The snapshot's features, one block each, found by binary search (nil for a table read
    /// from YAML), and the features decoded so far.
    private let index: SnapshotIndex?
    private let decoded = Mutex<[String: Entry]>([:])

    /// `ids` are the entries' ids in any order: manifests usually declare their features in
    /// order, and checking that costs a pass where sorting 100,000 ids costs seventeen.
    init(entries: [String: Entry], ids: [String]) {
        whole = entries
        let isSorted = zip(ids, ids.dropFirst()).allSatisfy { Self.utf8Precedes($0, $1) }
        wholeIDs = isSorted ? ids : ids.sorted(by: Self.utf8Precedes)
        index = nil
    }

    private init(index: SnapshotIndex) {
        whole = [:]
        wholeIDs = []
        self.index = index
    }

    /// Whether `lhs` comes before `rhs` in UTF-8 byte order, compared on the bytes themselves:
    /// sorting 100,000 ids through `String.UTF8View` iterators cost more than reading them.
    static func utf8Precedes(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs, rhs = rhs
        return lhs.withUTF8 { left in rhs.withUTF8 { right in left.lexicographicallyPrecedes(right) } }
    }

    /// Every feature id, in UTF-8 byte order (for the ASCII ids manifests use, alphabetical).
    /// From a snapshot this makes every id: for listings, not for a start.
    var ids: [String] {
        guard let index else { return wholeIDs }
        return (0..<index.count).map(index.id(at:))
    }

    /// Whether there is a feature `id`, without decoding it.
    func contains(_ id: String) -> Bool {
        whole[id] != nil || index?.position(of: id) != nil
    }

    subscript(id: String) -> Entry? { entry(id, keeping: true) }

    /// The feature `id`; `keeping: false` leaves a feature not decoded yet undecoded after this
    /// answer, for a pass that reads every feature once (a menu's first filter key at 10,000
    /// features kept them all: 25 MiB of peak memory the menu never needed again).
    func entry(_ id: String, keeping: Bool) -> Entry? {
        if let entry = whole[id] { return entry }
        guard let index, let position = index.position(of: id) else { return nil }
        if let entry = decoded.withLock({ $0[id] }) { return entry }
        var block = index.block(at: position)
        // A block that does not decode cannot happen to a snapshot whose checksum matched; if
        // it does, the feature reads as unknown rather than taking the process down.
        guard let entry = try? Self.readEntry(id: id, from: &block) else { return nil }
        if keeping { decoded.withLock { $0[id] = entry } }
        return entry
    }

    /// How many features of a snapshot's table are held decoded.
    var decodedCount: Int { decoded.withLock { $0.count } }

    /// Writes every feature as an index entry: its id, and a block of what `readEntry` reads.
    func write(to writer: inout SnapshotWriter) {
        // Only features that read (a damaged block of a snapshot-read table is left out, as if
        // unknown), so `contains` and the subscript agree in the snapshot written.
        let entries = ids.compactMap { id in self[id] }
        writer.writeIndex(entries.map(\.definition.id)) { position, writer in
            let entry = entries[position], feature = entry.definition
            writer.write(feature.description)
            writer.write(feature.allowCoenrollment)
            writer.write(feature.location)
            writer.writeCount(feature.variables.count)
            for variable in feature.variables { variable.write(to: &writer) }
            let values = entry.defaults.sortedPairs
            writer.writeCount(values.count)
            for (channel, value) in values {
                writer.write(channel)
                writer.write(value)
            }
        }
    }

    /// A table whose features are decoded from `reader` when first asked for.
    static func read(from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) -> FeatureTable {
        FeatureTable(index: try reader.readIndex())
    }

    private static func readEntry(id: String, from reader: inout SnapshotReader) throws(SnapshotReader.Malformed) -> Entry {
        let description = try reader.readString()
        let allowCoenrollment = try reader.readBool()
        let location = try reader.readMark()
        let variables = try reader.readArray { (reader: inout SnapshotReader) throws(SnapshotReader.Malformed) in
            try VariableDefinition(snapshot: &reader)
        }
        let count = try reader.readCount()
        var pairs: [(channel: String, value: JSONValue)] = []
        pairs.reserveCapacity(count)
        for _ in 0..<count {
            let channel = try reader.readString()
            pairs.append((channel, try reader.readJSON()))
        }
        guard reader.isAtEnd else { throw SnapshotReader.Malformed("feature \(id) has bytes left over") }
        return Entry(definition: FeatureDefinition(id: id, description: description, variables: variables,
                                                   allowCoenrollment: allowCoenrollment, location: location),
                     defaults: ChannelDefaults(pairs))
    }
}
