import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestTraits

/// `flags remove` on a copy of the Firefox for iOS example, whose feature files are Mozilla's own:
/// once it deleted adBlockerFeature.yaml without a word. Only the registry entry goes now, and
/// the report names the file it left.
@Suite(.blocking) struct FirefoxRemoveTests {
    let folder = TemporaryDirectory()

    @Test func removeKeepsAFeatureFileFlagsAddDidNotWrite() throws {
        let app = folder.file("firefox-ios")
        try FileManager.default.copyItem(atPath: SwiftToolchain.packageRoot + "/Examples/firefox-ios", toPath: app)
        let feature = app + "/manifest/nimbus-features/adBlockerFeature.yaml"
        let manifest = app + "/manifest/nimbus.fml.yaml"
        let before = (try Data(contentsOf: URL(fileURLWithPath: feature)), try Data(contentsOf: URL(fileURLWithPath: manifest)))
        let result = try BuiltProgram.run(BuiltProgram.flags, ["remove", "adBlocker"],
                                          environment: ["FLAGS_STORE": folder.file("prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")], in: app)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("done:    remove flag `adBlocker`"), "\(result.output)")
        #expect(result.output.contains("left \(feature) and its include line: `flags add` did not write it"), "\(result.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: feature)) == before.0, "Mozilla's feature file is untouched")
        #expect(try Data(contentsOf: URL(fileURLWithPath: manifest)) == before.1, "and so is the manifest")
        let registry = try String(contentsOfFile: app + "/feature-flags.yaml", encoding: .utf8)
        #expect(!registry.contains("  adBlocker:"))
    }
}
