import FeatureFlags
import FeatureFlagsTestSupport
@testable import FlagsTool
import Foundation
import Testing

/// The tool's search for a registry: the one named, else `feature-flags.yaml` in the working
/// directory or a parent, else the built-in demo.
@Suite struct RegistryDiscoveryTests {
    let folder = TemporaryDirectory()

    private func options(config: String? = nil, in directory: String) -> FlagsOptions {
        FlagsOptions(configPath: config, workingDirectory: directory,
                     environment: ["HOME": folder.path, "XDG_STATE_HOME": folder.file("state"), "FLAGS_NO_CACHE": "1"])
    }

    @Test func aRegistryInAParentFolderIsFound() throws {
        let registry = folder.write("app: x\n", to: "app/feature-flags.yaml")
        try FileManager.default.createDirectory(atPath: folder.file("app/Sources/deep"), withIntermediateDirectories: true)
        let found = try RegistryDiscovery.locate(options(in: folder.file("app/Sources/deep")))
        #expect(found.path == registry && !found.isDemo)
        #expect(!RegistryDiscovery.opensDemo(options(in: folder.file("app/Sources/deep"))))
    }

    @Test func withNoRegistryAnywhereTheToolOpensItsDemo() throws {
        let found = try RegistryDiscovery.locate(options(in: "/"))
        #expect(found.isDemo && found.path == folder.file("state/feature-flags/bibimbap/demo/feature-flags.yaml"))
        #expect(FileManager.default.fileExists(atPath: found.path))
        #expect(RegistryDiscovery.opensDemo(options(in: "/")))
    }

    /// The question writes nothing: asking it leaves no demo folder behind.
    @Test func askingWhetherTheDemoOpensWritesNothing() {
        #expect(RegistryDiscovery.opensDemo(options(in: "/")))
        #expect(!FileManager.default.fileExists(atPath: folder.file("state")))
    }

    @Test func aNamedRegistryThatIsMissingIsAnErrorNotTheDemo() {
        #expect(throws: RegistryNotFound.self) { try RegistryDiscovery.locate(options(config: "nope.yaml", in: folder.path)) }
        #expect(!RegistryDiscovery.opensDemo(options(config: "nope.yaml", in: folder.path)))
    }
}
