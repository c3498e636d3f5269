import Formats
import Testing
@testable import FML

@Suite struct FeatureHandleTests {
    private func manifest(enabledByDefault: Bool, betaEnabled: Bool) throws -> (FeatureManifest, ManifestFixture) {
        let fixture = try ManifestFixture()
        let path = try fixture.write("nimbus.fml.yaml", """
            channels: [beta, release]
            features:
              menu:
                description: The menu.
                variables:
                  enabled:
                    description: Whether it shows.
                    type: Boolean
                    default: \(enabledByDefault)
                defaults:
                  - channel: beta
                    value: { enabled: \(betaEnabled) }
            """)
        return (try FeatureManifest.load(path: path), fixture)
    }

    /// What a flag keeps answers as the feature's id does, channel by channel.
    @Test func answersAsTheFeaturesId() throws {
        let (manifest, fixture) = try manifest(enabledByDefault: false, betaEnabled: true)
        let handle = try #require(manifest.handle(forFeature: "menu"))
        #expect(handle.definition.id == "menu")
        for channel in ["beta", "release", "nightly"] {
            for variable in ["enabled", "missing"] {
                #expect(manifest.defaultValue(of: handle, variable: variable, channel: channel)
                        == manifest.defaultValue(forFeature: "menu", variable: variable, channel: channel))
            }
        }
        #expect(manifest.defaultValue(of: handle, variable: "enabled", channel: "beta") == .bool(true))
        #expect(manifest.handle(forFeature: "none") == nil)
        _ = fixture
    }

    /// A handle of another manifest (a registry checked against an older load, say) is looked up
    /// by its id in this one, never answered from the manifest it came from.
    @Test func aForeignHandleIsLookedUpByItsId() throws {
        let (old, oldFixture) = try manifest(enabledByDefault: false, betaEnabled: false)
        let (new, newFixture) = try manifest(enabledByDefault: true, betaEnabled: true)
        let foreign = try #require(old.handle(forFeature: "menu"))
        #expect(new.defaultValue(of: foreign, variable: "enabled", channel: "beta") == .bool(true))
        #expect(new.defaultValue(of: foreign, variable: "enabled", channel: "release") == .bool(true))
        #expect(old.defaultValue(of: foreign, variable: "enabled", channel: "release") == .bool(false))
        _ = (oldFixture, newFixture)
    }
}
