import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestTraits

/// `Examples/focus-android`: Focus for Android's real manifest, whose types sit in the legacy
/// `types:` block and whose channels are debug, nightly, beta and release. Its registry maps the
/// developer build to `debug`; without that mapping the real `flags` refuses it and says how.
@Suite(.blocking) struct FocusAndroidExampleTests {
    static let example = SwiftToolchain.packageRoot + "/Examples/focus-android"
    let folder = TemporaryDirectory()

    @Test func theDeveloperBuildResolvesTheMappedDebugChannel() throws {
        let result = try BuiltProgram.run(BuiltProgram.flags, ["--config", Self.example + "/feature-flags.yaml", "get", "cookieBannerHandling"],
                                          environment: ["FLAGS_STORE": folder.file("prefs.sqlite")])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("(cookie-banner.is-cookie-handling-enabled, default for debug)"), "\(result.output)")
        let release = try BuiltProgram.run(BuiltProgram.flags, ["--config", Self.example + "/feature-flags.yaml", "--channel", "release", "list"],
                                           environment: ["FLAGS_STORE": folder.file("prefs.sqlite")])
        #expect(release.output.contains("cookieBannerHandling  off"), "\(release.output)")
    }

    @Test func withoutTheMappingTheRegistryIsRefusedWithTheFix() throws {
        let registry = try String(contentsOfFile: Self.example + "/feature-flags.yaml", encoding: .utf8)
            .replacingOccurrences(of: "channels:\n  developer: debug\n", with: "")
            .replacingOccurrences(of: "manifest: manifest/nimbus.fml.yaml", with: "manifest: \(Self.example)/manifest/nimbus.fml.yaml")
        let path = folder.write(registry, to: "feature-flags.yaml")
        let result = try BuiltProgram.run(BuiltProgram.flags, ["--config", path, "validate"],
                                          environment: ["FLAGS_STORE": folder.file("prefs.sqlite")])
        #expect(result.status == 1)
        #expect(result.errors.contains("does not declare the channel of this developer build, 'developer'; it declares: debug, nightly, beta, release"), "\(result.errors)")
        #expect(result.errors.contains("channels: { developer: debug }"), "\(result.errors)")
    }
}
