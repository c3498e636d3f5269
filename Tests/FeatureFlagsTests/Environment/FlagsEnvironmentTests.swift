import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Testing

/// An app opens the registry it names, or gets an error naming what it looked for: the library
/// never falls back to the tool's built-in demo.
@Suite struct FlagsEnvironmentTests {
    let folder = TemporaryDirectory()

    private func options(config: String?) -> FlagsOptions {
        FlagsOptions(configPath: config, storePath: folder.file("prefs.sqlite"), workingDirectory: folder.path,
                     environment: ["HOME": folder.path, "XDG_STATE_HOME": folder.file("state"), "FLAGS_NO_CACHE": "1"])
    }

    @Test func anAppThatNamesNoRegistryIsToldHowAndGetsNoDemo() {
        let error = #expect(throws: RegistryNotFound.self) { try FlagsEnvironment.open(options(config: nil)) }
        #expect(error?.description.contains("FlagsOptions(configPath:)") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.file("state")), "no demo was written anywhere")
        #expect(!FileManager.default.fileExists(atPath: folder.file("prefs.sqlite")), "no store was created")
    }

    @Test func aMissingRegistryIsAnErrorNamingThePathItLookedFor() {
        let missing = folder.file("app/feature-flags.yaml")
        let error = #expect(throws: RegistryNotFound.self) { try FlagsEnvironment.open(options(config: missing)) }
        #expect(error?.description.hasPrefix("\(missing): no such registry file") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.file("state")))
    }
}
