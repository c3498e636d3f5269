import FeatureFlags
import FlagsTool
import FeatureFlagsTestSupport
import Foundation
import Testing

/// A saved state read from the store (a preset) has the same size limit as an import file.
@Suite struct SavedStateSizeTests {
    let folder = TemporaryDirectory()

    @Test func aPresetLargerThanTheLimitIsRefused() throws {
        let env = try RegistryDiscovery.open(FlagsOptions(storePath: folder.file("prefs.sqlite"), workingDirectory: folder.path,
                                                         environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path]))
        let presets = PresetStore(environment: env)
        let state = #"{"schemaVersion": 1, "app": "bibimbap", "overrides": {"tipJar": false}}"#
        try env.prefs.branch("presets").setString(state, forKey: "small")
        #expect(try presets.load("small").overrides == ["tipJar": false])
        // Valid JSON, only padded past the limit: written into the store behind the tool's back.
        try env.prefs.branch("presets").setString(state + String(repeating: " ", count: SavedFlagStateReader.maximumSize), forKey: "padded")
        do {
            _ = try presets.load("padded")
            Issue.record("a preset over the limit was read")
        } catch let error as SavedStateProblems {
            #expect(error.file == "preset padded")
            #expect(error.problems == ["larger than the limit of 16 MiB for a saved flag state"])
        }
    }
}
