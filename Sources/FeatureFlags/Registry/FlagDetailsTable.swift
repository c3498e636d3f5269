import Formats
import Synchronization

/// The details of a snapshotted registry's flags (everything but their ids), each read from its
/// block in the registry's index the first time it is asked for: a start of a 10,000-flag menu
/// reads the flags it shows.
///
/// `FeatureFlagList` makes one for all its flags; each `FeatureFlagDefinition` it makes holds
/// the table and its position in it.
///
/// ```swift
/// let table = FlagDetailsTable(index: flagIndex)
/// let details = table[42]   // decoded now, kept
/// ```
final class FlagDetailsTable: Sendable {
    let index: SnapshotIndex
    private let decoded = Mutex<[Int: FeatureFlagDefinition.Details]>([:])

    init(index: SnapshotIndex) {
        self.index = index
    }

    subscript(position: Int) -> FeatureFlagDefinition.Details {
        if let known = decoded.withLock({ $0[position] }) { return known }
        var block = index.block(at: position)
        // A block that does not decode cannot happen to a snapshot whose checksum matched; if it
        // does, the flag reads as having no details rather than taking the process down.
        let details = (try? Self.read(&block)).flatMap { block.isAtEnd ? $0 : nil } ?? .init()
        decoded.withLock { $0[position] = details }
        return details
    }

    /// Writes `definition`'s details as what `read` reads.
    static func write(_ definition: FeatureFlagDefinition, to writer: inout SnapshotWriter) {
        writer.write(definition.nimbus?.feature)
        writer.write(definition.nimbus?.variable)
        writer.write(definition.debug?.title)
        writer.write(definition.debug?.status)
        writer.write(definition.userPrefsKey)
        writer.write(definition.fallback.map { $0 ? 2 : 1 } ?? 0)
        writer.write(definition.location != nil)
        if let location = definition.location { writer.write(location) }
    }

    private static func read(_ reader: inout SnapshotReader) throws(SnapshotReader.Malformed) -> FeatureFlagDefinition.Details {
        let feature = try reader.readOptionalString(), variable = try reader.readOptionalString()
        let title = try reader.readOptionalString(), status = try reader.readOptionalString()
        let userPrefsKey = try reader.readOptionalString()
        let fallback: Bool? = switch try reader.readInt() { case 1: false; case 2: true; default: nil }
        let location = try reader.readBool() ? try reader.readMark() : nil
        return .init(nimbus: feature.flatMap { feature in variable.map { .init(feature: feature, variable: $0) } },
                     debug: title.flatMap { title in status.map { .init(title: title, status: $0) } },
                     userPrefsKey: userPrefsKey, fallback: fallback, location: location)
    }
}
