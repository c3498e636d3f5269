@testable import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing
import TestHelpers

/// The registry's `remote-settings:` block: what it holds, its defaults, its errors, and that a
/// snapshot gives it back.
@Suite struct RegistryRemoteSettingsTests {
    let folder = TemporaryDirectory()

    private func load(_ block: String) throws -> FeatureFlagRegistry {
        SearchFeatureManifest.write(in: folder)
        let path = folder.write("""
            app: demo
            manifest: nimbus.fml.yaml
            flags:
              search: { feature: search-feature, debug: { title: Search } }
            \(block)
            """, to: "feature-flags.yaml")
        return try FeatureFlagRegistry.load(path: path)
    }

    private func error(_ block: String) -> String {
        do {
            _ = try load(block)
            return "loaded"
        } catch {
            return "\(error)"
        }
    }

    @Test func absentMeansNone() throws {
        #expect(try load("").remoteSettings == nil)
    }

    @Test func serverBucketAndCollection() throws {
        let registry = try load("remote-settings:\n  server: https://rs.example.com/v1\n  bucket: qa\n  collection: shared-presets")
        #expect(registry.remoteSettings == RegistryRemoteSettings(server: "https://rs.example.com/v1", bucket: "qa", collection: "shared-presets"))
        let defaults = try load("remote-settings:\n  server: http://127.0.0.1:8888")
        #expect(defaults.remoteSettings == RegistryRemoteSettings(server: "http://127.0.0.1:8888", bucket: "flags", collection: "presets"))
    }

    @Test func mistakesAreErrorsAtTheirLine() {
        #expect(error("remote-settings:\n  server: rs.example.com").contains("feature-flags.yaml:6:11"))
        #expect(error("remote-settings:\n  server: rs.example.com").contains("must be an http:// or https:// URL"))
        #expect(error("remote-settings:\n  server: https://alice:pw@rs.example.com/v1").contains("must not carry a login"))
        #expect(error("remote-settings:\n  servr: https://rs.example.com").contains("did you mean `server`?"))
        #expect(error("remote-settings:\n  bucket: a/b").contains("feature-flags.yaml:6:11: `remote-settings.bucket` 'a/b' is not a Remote Settings id"))
        #expect(error("remote-settings:\n  collection: ../../accounts").contains("is not a Remote Settings id"))
        #expect(error("experiments:\n  remote-settings:\n    server: https://rs.example.com\n    bucket: ../main").contains("is not a Remote Settings id"))
        #expect(error("remote-settings: https://rs.example.com").contains("`remote-settings`"))
    }

    @Test func theSnapshotGivesTheBlockBack() throws {
        for block in ["", "remote-settings:\n  collection: team", "remote-settings:\n  server: https://rs.example.com/v1\n  bucket: qa"] {
            let registry = try load(block)
            var writer = SnapshotWriter()
            registry.write(to: &writer)
            var reader = try SnapshotReader(writer.finish())
            #expect(try FeatureFlagRegistry(snapshot: &reader).remoteSettings == registry.remoteSettings)
            #expect(reader.isAtEnd)
        }
    }

    /// A NUL (YAML's `\0`) or a line break in a key of the store is an error at its line:
    /// `tipJarDebugKey\0` once passed every check and then wrote tipJar's debug override.
    @Test(arguments: [#""tipJarDebugKey\0""#, #""pref\nkey""#, #""\e[2J""#])
    func aStoreKeyWithAControlCharacterIsAnErrorAtItsLine(key: String) {
        SearchFeatureManifest.write(in: folder)
        let path = folder.write("""
            app: demo
            manifest: nimbus.fml.yaml
            flags:
              search: { feature: search-feature, debug: { title: Search }, userPrefsKey: \(key) }
            """, to: "feature-flags.yaml")
        do {
            _ = try FeatureFlagRegistry.load(path: path)
            Issue.record("\(key) was accepted as a key")
        } catch {
            #expect("\(error)".contains("feature-flags.yaml:4:") && "\(error)".contains("holds a control character"), "\(error)")
        }
    }
}
