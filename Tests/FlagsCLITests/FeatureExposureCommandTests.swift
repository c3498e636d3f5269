import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Formats
import Prefs
import Testing
import TestHelpers
import TestTraits

/// `flags features` shows the exposures the app counted, and `flags generate --features` writes
/// the typed features: the real binary on the demo, with a store in a temporary folder.
@Suite(.blocking) struct FeatureExposureCommandTests {
    let folder = TemporaryDirectory()

    private func flags(_ arguments: String...) throws -> BuiltProgram.Result {
        try BuiltProgram.run(BuiltProgram.flags, ["--store", folder.file("prefs.sqlite")] + arguments,
                             environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path, "COLUMNS": "200"], in: folder.path)
    }

    @Test func featuresShowsTheExposuresCountedInTheStore() throws {
        let before = try flags("features", "--json")
        #expect(before.status == 0, "\(before.errors)")
        let listed = try #require(try JSONParser.parse(before.output).arrayValue)
        #expect(listed.allSatisfy { $0["exposures"] == .int(0) })

        let exposures = FeatureExposures(prefs: try SQLitePrefs(path: folder.file("prefs.sqlite")))
        for _ in 0..<3 { try exposures.record("tip-jar-feature") }
        let after = try #require(try JSONParser.parse(try flags("features", "--json").output).arrayValue)
        #expect(after.first { $0["id"] == .string("tip-jar-feature") }?["exposures"] == .int(3))
        #expect(after.first { $0["id"] == .string("reviews-feature") }?["exposures"] == .int(0))

        let table = try flags("features")
        #expect(table.output.split(separator: "\n").first?.hasSuffix("EXPOSURES") == true, "\(table.output)")
        let row = try #require(table.output.split(separator: "\n").first { $0.hasPrefix("tip-jar-feature ") })
        #expect(row.hasSuffix(" 3"), "\(row)")
    }

    @Test func generateFeaturesWritesTheTypedFeaturesOnceAndSaysSo() throws {
        let output = folder.file("Features.swift")
        let wrote = try flags("generate", "--features", "--output", output)
        #expect(wrote.status == 0, "\(wrote.errors)")
        #expect(wrote.output.contains("(13 features)"))
        let source = try String(contentsOfFile: output, encoding: .utf8)
        #expect(source.contains("final class BibimbapNimbus: Sendable {") && !source.contains("enum FeatureFlagID"))
        #expect(try flags("generate", "--features", "--output", output).output.contains("is up to date (13 features)"))
        let flagIDs = try flags("generate")
        #expect(flagIDs.output.contains("extension FeatureFlagID {") && !flagIDs.output.contains("BibimbapNimbus"), "without --features: unchanged")
        #expect(try flags("generate", "--help").output.contains("--features"))
    }
}
