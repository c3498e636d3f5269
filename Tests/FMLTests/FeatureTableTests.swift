@testable import FML
@testable import Formats
import Testing

/// A snapshot's features are decoded when first asked for; a pass that reads every feature once
/// (the states of all flags) leaves none of them decoded.
@Suite struct FeatureTableTests {
    static func snapshotManifest() throws -> FeatureManifest {
        let fixture = try ManifestFixture()
        let path = try fixture.write("nimbus.fml.yaml", """
            channels: [developer, beta]
            features:
              search:
                description: Search
                variables:
                  enabled: { description: on, type: Boolean, default: false }
                defaults:
                  - channel: developer
                    value: { enabled: true }
              tips:
                description: Tips
                variables:
                  enabled: { description: on, type: Boolean, default: true }
            """)
        var writer = SnapshotWriter()
        try FeatureManifest.load(path: path).write(to: &writer)
        var reader = try SnapshotReader(writer.finish())
        return try FeatureManifest(snapshot: &reader)
    }

    @Test func aFeatureReadOnceIsNotKeptDecoded() throws {
        let manifest = try Self.snapshotManifest()
        #expect(manifest.defaultValueReadOnce(forFeature: "search", channel: "developer") == .object(["enabled": .bool(true)]))
        #expect(manifest.defaultValueReadOnce(forFeature: "tips", channel: "beta") == .object(["enabled": .bool(true)]))
        #expect(manifest.defaultValueReadOnce(forFeature: "nothing", channel: "beta") == .null)
        #expect(manifest.features.decodedCount == 0)
        // Asked for as usual, a feature is kept; read once afterwards it is the kept one.
        #expect(manifest.defaultValue(forFeature: "search", channel: "beta") == .object(["enabled": .bool(false)]))
        #expect(manifest.features.decodedCount == 1)
        #expect(manifest.defaultValueReadOnce(forFeature: "search", channel: "beta") == .object(["enabled": .bool(false)]))
        #expect(manifest.features.decodedCount == 1)
    }
}
