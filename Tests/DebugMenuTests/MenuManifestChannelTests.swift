import DebugMenu
import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers

/// The menu previews the manifest's channels, not only the build's three: on Fenix, `c` walks
/// release → beta → nightly → developer, and a channel no build stands for keeps this build's
/// override rules.
@Suite struct MenuManifestChannelTests {
    let folder = TemporaryDirectory()

    @Test func cWalksTheManifestsChannelsInItsOrder() throws {
        let environment = try FlagsEnvironment.open(FlagsOptions(
            configPath: SwiftToolchain.packageRoot + "/Examples/fenix/feature-flags.yaml", storePath: folder.file("prefs.sqlite"),
            channel: "release", workingDirectory: folder.path,
            environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path, "FLAGS_NO_CACHE": "1"]))
        let controller = FeatureFlagsDebugViewController(environment: environment)
        #expect(controller.previewChannel == "release")
        var seen: [String] = []
        for _ in 0..<4 {
            controller.handle(.character("c"))
            seen.append(controller.previewChannel)
        }
        #expect(seen == ["beta", "nightly", "developer", "release"])

        controller.preview("nightly")
        #expect(controller.header.previewChannel == "nightly")
        #expect(controller.previewed.buildChannel == .current)
        #expect(controller.previewed.provider.honorsOverrides == BuildChannel.current.allowsDebugOverrides)
        let flag = try environment.registry.flag("searchTermGroups")
        #expect(controller.previewed.provider.isEnabled(flag), "nightly's default")
    }

    @Test func theHeaderNamesTheManifestChannelAMappedBuildResolves() throws {
        let environment = try FlagsEnvironment.open(FlagsOptions(
            configPath: SwiftToolchain.packageRoot + "/Examples/focus-android/feature-flags.yaml", storePath: folder.file("prefs.sqlite"),
            workingDirectory: folder.path, environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path, "FLAGS_NO_CACHE": "1"]))
        let controller = FeatureFlagsDebugViewController(environment: environment)
        let build = BuildChannel.current
        let own = build == .developer ? "debug" : build.rawValue
        #expect(controller.previewChannel == own)
        #expect(controller.header.buildChannel == (build == .developer ? "developer (debug)" : build.rawValue))
        #expect(controller.header.previewChannel == (build == .developer ? nil : own), "the build's own channel is no preview")
        controller.preview("release")
        #expect(controller.header.previewChannel == "release")
    }
}
