import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestTraits

/// `Examples/fenix`: Firefox for Android's real manifest, split over the files it includes and
/// the android-components manifests it imports, under a small registry. The real `flags` loads
/// it, resolves any channel it declares, and refuses the others by name.
@Suite(.blocking) struct FenixExampleTests {
    static let registry = SwiftToolchain.packageRoot + "/Examples/fenix/feature-flags.yaml"
    let folder = TemporaryDirectory()

    func flags(_ arguments: [String]) throws -> BuiltProgram.Result {
        try BuiltProgram.run(BuiltProgram.flags, ["--config", Self.registry] + arguments,
                             environment: ["FLAGS_STORE": folder.file("prefs.sqlite")])
    }

    func enabled(_ flag: String, channel: String) throws -> Bool? {
        let result = try flags(["--channel", channel, "get", flag, "--json"])
        #expect(result.status == 0, "\(result.errors)")
        return result.output.contains("\"enabled\": true") ? true : result.output.contains("\"enabled\": false") ? false : nil
    }

    @Test func validateLoadsTheManifestWithItsIncludesAndImports() throws {
        let result = try flags(["validate"])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("manifest/fenix/app/nimbus.fml.yaml (26 features in 8 files)"), "\(result.output)")
        #expect(result.output.hasSuffix("validate: no problems\n"))
    }

    @Test func nightlyAndReleaseResolveTheirOwnDefaults() throws {
        // search-term-groups: false, but true for nightly and developer (fenix/app/nimbus.fml.yaml).
        #expect(try enabled("searchTermGroups", channel: "nightly") == true)
        #expect(try enabled("searchTermGroups", channel: "release") == false)
        #expect(try enabled("searchTermGroups", channel: "beta") == false)
        // pdfjs comes from geckoview.fml.yaml, imported at its release channel.
        #expect(try enabled("pdfjsDownloadButton", channel: "release") == true)
    }

    @Test func theImportersOverridesApplyToTheImportedFeature() throws {
        let result = try flags(["--channel", "nightly", "features", "--json"])
        #expect(result.status == 0, "\(result.errors)")
        // fxsuggest.fml.yaml says amp: false; Fenix's import block turns it on.
        #expect(result.output.contains("\"amp\": true"), "\(result.output.prefix(2000))")
    }

    @Test func aChannelTheManifestLacksIsRefusedNamingTheDeclaredOnes() throws {
        let result = try flags(["--channel", "nighty", "list"])
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("flags: unknown channel 'nighty' (did you mean 'nightly'?): the manifest "), "\(result.errors)")
        #expect(result.errors.contains("nimbus.fml.yaml declares release, beta, nightly, developer"), "\(result.errors)")
    }

    @Test func firefoxForIOSStillHasItsThreeChannels() throws {
        let ios = SwiftToolchain.packageRoot + "/Examples/firefox-ios/feature-flags.yaml"
        let result = try BuiltProgram.run(BuiltProgram.flags, ["--config", ios, "--channel", "nightly", "list"],
                                          environment: ["FLAGS_STORE": folder.file("ios.sqlite")])
        #expect(result.status == 2)
        #expect(result.errors.contains("declares developer, beta, release"), "\(result.errors)")
        let beta = try BuiltProgram.run(BuiltProgram.flags, ["--config", ios, "--channel", "beta", "list"],
                                        environment: ["FLAGS_STORE": folder.file("ios.sqlite")])
        #expect(beta.status == 0, "\(beta.errors)")
    }
}
