import Foundation
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
            writer.write(flag.nimbus?.feature)
            writer.write(flag.nimbus?.variable)
            writer.write(flag.debug?.title)
            writer.write(flag.debug?.status)
            writer.write(flag.userPrefsKey)
            writer.write(flag.fallback.map { $0 ? 2 : 1 } ?? 0)
        }
        writer.writeCount(debuggableFlagIndices.count)
        for index in debuggableFlagIndices { writer.write(index) }
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
        let flags = try reader.readArray { (reader: inout SnapshotReader) throws(SnapshotReader.Malformed) in
            let id = try reader.readString()
            let feature = try reader.readOptionalString(), variable = try reader.readOptionalString()
            let title = try reader.readOptionalString(), status = try reader.readOptionalString()
            let userPrefsKey = try reader.readOptionalString()
            let fallback: Bool? = switch try reader.readInt() { case 1: false; case 2: true; default: nil }
            return FeatureFlagDefinition(
                id: id,
                nimbus: feature.flatMap { feature in variable.map { .init(feature: feature, variable: $0) } },
                debug: title.flatMap { title in status.map { .init(title: title, status: $0) } },
                userPrefsKey: userPrefsKey, fallback: fallback)
        }
        let debuggable = try reader.readArray { (reader: inout SnapshotReader) throws(SnapshotReader.Malformed) in try reader.readInt() }
        // The debug order is positions in the flags as written, which were sorted by id.
        guard zip(flags, flags.dropFirst()).allSatisfy({ $0.id < $1.id }), debuggable.allSatisfy(flags.indices.contains) else {
            throw SnapshotReader.Malformed("flags out of order, or a debuggable flag out of range")
        }
        let preferences = try reader.readArray { (reader: inout SnapshotReader) throws(SnapshotReader.Malformed) in
            TypedPreference(id: try reader.readString(),
                            nimbus: .init(feature: try reader.readString(), variable: try reader.readString()),
                            userPrefsKey: try reader.readString(), enumName: try reader.readString(), variants: try reader.readStrings())
        }
        self.init(path: path, app: app, manifest: manifest, manifestPath: manifestPath, experiments: experiments,
                  flags: flags, preferences: preferences, debuggableFlagIndices: debuggable)
    }
}
