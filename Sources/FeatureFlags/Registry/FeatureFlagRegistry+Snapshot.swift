import Platform
import FML
import Formats
import RemoteSettings

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
        // An index of the flags: each flag's details are a block, read when something first asks
        // (`FlagDetailsTable`), and no flag is made until one is read (`FeatureFlagList`).
        writer.writeIndex(flags.map(\.rawValue)) { position, writer in
            FlagDetailsTable.write(flags[position].definition, to: &writer)
        }
        writer.writePositions(debuggableFlagIndices)
        writer.writePositions(userPreferenceFlagIndices)
        writer.writeCount(preferences.count)
        for preference in preferences {
            writer.write(preference.id)
            writer.write(preference.nimbus.feature)
            writer.write(preference.nimbus.variable)
            writer.write(preference.userPrefsKey)
            writer.write(preference.enumName)
            writer.write(preference.variants)
        }
        writer.writeCount(buildFlags.count)
        for flag in buildFlags {
            writer.write(flag.name)
            writer.write(flag.description)
            writer.write(Distribution.allCases.map { flag.value(in: $0) ? "1" : "0" })
        }
        writer.write(JSONValue.object(context))
        writer.write(BuildChannel.allCases.map { channels.names[$0] ?? "" })
        // `remote-settings:`: absent, or its server ("" for none), bucket and collection.
        if let remote = remoteSettings {
            writer.write(1)
            writer.write(remote.server ?? "")
            writer.write(remote.bucket)
            writer.write(remote.collection)
        } else {
            writer.write(0)
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
        let flags = FeatureFlagList(snapshot: FlagDetailsTable(index: try reader.readIndex()))
        let debuggable = try reader.readPositions(), userPreferenceFlags = try reader.readPositions()
        // Both lists are positions in the flags as written (in id order: `FeatureFlagList`).
        guard debuggable.allSatisfy(flags.indices.contains), userPreferenceFlags.allSatisfy(flags.indices.contains) else {
            throw SnapshotReader.Malformed("a flag position out of range")
        }
        let preferences = try reader.readArray { (reader: inout SnapshotReader) throws(SnapshotReader.Malformed) in
            TypedPreference(id: try reader.readString(),
                            nimbus: .init(feature: try reader.readString(), variable: try reader.readString()),
                            userPrefsKey: try reader.readString(), enumName: try reader.readString(), variants: try reader.readStrings())
        }
        let buildFlags = try reader.readArray { (reader: inout SnapshotReader) throws(SnapshotReader.Malformed) in
            let name = try reader.readString(), description = try reader.readString(), bits = try reader.readStrings()
            guard bits.count == Distribution.allCases.count else { throw SnapshotReader.Malformed("a build flag without a value per distribution") }
            return BuildFlagDefinition(name: name, description: description,
                                       values: Dictionary(uniqueKeysWithValues: zip(Distribution.allCases, bits.map { $0 == "1" })))
        }
        guard case .object(let context) = try reader.readJSON() else { throw SnapshotReader.Malformed("a registry context that is not an object") }
        // One name per build channel, empty when unmapped (no manifest channel is empty).
        let mapped = try reader.readStrings()
        guard mapped.count == BuildChannel.allCases.count else { throw SnapshotReader.Malformed("a channel map of the wrong size") }
        let channels = ChannelMap(Dictionary(uniqueKeysWithValues: zip(BuildChannel.allCases, mapped).filter { !$0.1.isEmpty }))
        var remoteSettings: RegistryRemoteSettings?
        if try reader.readInt() == 1 {
            let server = try reader.readString()
            remoteSettings = RegistryRemoteSettings(server: server.isEmpty ? nil : server, bucket: try reader.readString(), collection: try reader.readString())
        }
        self.init(path: path, app: app, manifest: manifest, manifestPath: manifestPath, experiments: experiments,
                  flags: flags, preferences: preferences, buildFlags: buildFlags, channels: channels, remoteSettings: remoteSettings,
                  orders: (debuggable: DebugRowOrder(positions: debuggable, of: flags), userPreferences: userPreferenceFlags))
        self.context = context
    }
}
