#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Nimbus

/// A validated registry, with its manifest, written to and read back from a snapshot
/// (`RegistrySnapshot` decides when one may be used). What is read back is the registry that was
/// written: the same flags, preferences, experiments source and manifest.
extension FeatureFlagRegistry {
    func write(to writer: inout SnapshotWriter) {
        writer.write(path)
        writer.write(app)
        writer.write(manifestPath)
        switch experiments {
        case nil: writer.write(0)
        case .file(let path): writer.write(1); writer.write(path)
        case .remote(let client):
            writer.write(2)
            writer.write(client.server.absoluteString)
            writer.write(client.bucket)
            writer.write(client.collection.name)
            writer.write(client.timeout)
        }
        manifest.write(to: &writer)
        writer.writeCount(flags.count)
        for flag in flags.map(\.definition) {
            writer.write(flag.id)
            // The rest of a flag is a block, read when something first asks (`FeatureFlagDefinition`).
            writer.writeBlock { FlagDetailsTable.write(flag, to: &$0) }
        }
        for indices in [debuggableFlagIndices, userPreferenceFlagIndices] {
            writer.writeCount(indices.count)
            for index in indices { writer.write(index) }
        }
        writer.writeCount(preferences.count)
        for preference in preferences {
            writer.write(preference.id)
            writer.write(preference.nimbus.feature)
            writer.write(preference.nimbus.variable)
            writer.write(preference.userPrefsKey)
            writer.write(preference.enumName)
            writer.write(preference.variants)
        }
    }

    init(snapshot reader: inout SnapshotReader) throws(SnapshotReader.Malformed) {
        let path = try reader.readString()
        let app = try reader.readString()
        let manifestPath = try reader.readString()
        let experiments: ExperimentsSource?
        switch try reader.readInt() {
        case 0: experiments = nil
        case 1: experiments = .file(try reader.readString())
        case 2:
            guard let server = URL(string: try reader.readString()) else { throw SnapshotReader.Malformed("bad server URL") }
            experiments = .remote(RemoteSettingsClient(server: server, bucket: try reader.readString(),
                                                       collection: RemoteSettingsCollection(try reader.readString()),
                                                       timeout: try reader.readDouble()))
        case let tag: throw SnapshotReader.Malformed("bad experiments tag \(tag)")
        }
        let manifest = try FeatureManifest(snapshot: &reader)
        let count = try reader.readCount()
        var ids: [String] = [], blocks: [SnapshotReader.BlockPosition] = []
        ids.reserveCapacity(count)
        blocks.reserveCapacity(count)
        for _ in 0..<count {
            ids.append(try reader.readString())
            blocks.append(try reader.readBlockPosition())
        }
        let table = FlagDetailsTable(reader: reader, blocks: blocks)
        let flags = ids.indices.map { FeatureFlagDefinition(id: ids[$0], detailsIn: table, at: $0) }
        let readIndices = { (reader: inout SnapshotReader) throws(SnapshotReader.Malformed) in
            try reader.readArray { (reader: inout SnapshotReader) throws(SnapshotReader.Malformed) in try reader.readInt() }
        }
        let debuggable = try readIndices(&reader), userPreferenceFlags = try readIndices(&reader)
        // Both lists are positions in the flags as written, which were sorted by id.
        guard zip(flags, flags.dropFirst()).allSatisfy({ $0.id < $1.id }),
              (debuggable + userPreferenceFlags).allSatisfy(flags.indices.contains) else {
            throw SnapshotReader.Malformed("flags out of order, or a flag position out of range")
        }
        let preferences = try reader.readArray { (reader: inout SnapshotReader) throws(SnapshotReader.Malformed) in
            TypedPreference(id: try reader.readString(),
                            nimbus: .init(feature: try reader.readString(), variable: try reader.readString()),
                            userPrefsKey: try reader.readString(), enumName: try reader.readString(), variants: try reader.readStrings())
        }
        self.init(path: path, app: app, manifest: manifest, manifestPath: manifestPath, experiments: experiments,
                  flags: flags, preferences: preferences,
                  orders: (debuggable: debuggable, userPreferences: userPreferenceFlags))
    }
}
