@testable import BibimbapApp
import FeatureFlags
import FeatureFlagsTestSupport
import FlagsTool
import Foundation
import Testing

/// Where the demo app finds its registry: the one named, else one in the working directory or
/// a parent, else its own data beside its store, in the very folder the tool uses for its demo.
@Suite struct BibimbapRegistryTests {
    let folder = TemporaryDirectory()

    private func options(config: String? = nil, in directory: String) -> FlagsOptions {
        FlagsOptions(configPath: config, workingDirectory: directory,
                     environment: ["HOME": folder.path, "XDG_STATE_HOME": folder.file("state"), "FLAGS_NO_CACHE": "1"])
    }

    @Test func aNamedRegistryWins() throws {
        let named = folder.write("app: x\n", to: "mine.yaml")
        folder.write("app: y\n", to: "app/feature-flags.yaml")
        #expect(try BibimbapRegistry.path(for: options(config: named, in: folder.file("app"))) == named)
        #expect(throws: RegistryNotFound.self) { try BibimbapRegistry.path(for: options(config: "nope.yaml", in: folder.path)) }
    }

    @Test func aRegistryInAParentFolderIsFound() throws {
        let registry = folder.write("app: x\n", to: "app/feature-flags.yaml")
        try FileManager.default.createDirectory(atPath: folder.file("app/Sources/deep"), withIntermediateDirectories: true)
        #expect(try BibimbapRegistry.path(for: options(in: folder.file("app/Sources/deep"))) == registry)
    }

    /// With nothing found, the app writes its data where `flags` writes its built-in demo, so
    /// the menu and the app open one registry (and so one store).
    @Test func withNoRegistryAnywhereTheAppOpensItsOwnDataWhereTheToolDoes() throws {
        let path = try BibimbapRegistry.path(for: options(in: "/"))
        #expect(path == folder.file("state/feature-flags/bibimbap/demo/feature-flags.yaml"))
        #expect(FileManager.default.fileExists(atPath: path))
        let tool = try RegistryDiscovery.locate(options(in: "/"))
        #expect(tool.isDemo && tool.path == path)
    }
}
