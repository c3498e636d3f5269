import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing
import TestHelpers
import TestTraits

/// Forced branches and feature overrides go wherever flag overrides go, on the real binary:
/// `reset --all`, presets, `diff`, `log` and `undo`.
@Suite(.blocking) struct NimbusOverrideStateTests {
    // Wide, so the log's cells are whole.
    let flags = FlagsInFolder(environment: ["COLUMNS": "200"])
    var folder: TemporaryDirectory { flags.folder }

    private func source(_ id: String) throws -> JSONValue? {
        try JSONParser.parse(try flags.run("get", id, "--json").output)["source"]
    }

    private func storeDebugOverrides() throws {
        try flags.run("set", "tipJar", "off")
        try flags.run("enroll", "reviews-redesign", "--branch", "hidden")
        try flags.run("feature", "set", "bibimbap-feature", "enabled", "off")
    }

    @Test func resetAllRemovesForcedBranchesAndFeatureOverridesToo() throws {
        try storeDebugOverrides()
        #expect(try source("reviews") == .string("experiment") && source("newBibimbapMenu") == .string("feature-override"))
        #expect(try flags.run("reset", "--all").output == "Removed 1 flag override, 1 forced branch and 1 feature override.\n")
        // newBibimbapMenu goes back to the demo's new-menu-test, which enrolls everyone.
        #expect(try source("reviews") == .string("default") && source("newBibimbapMenu") == .string("experiment"))
        #expect(try flags.run("diff").output == "No overrides in force: every flag has its Nimbus value.\n")
    }

    /// An import once applied a mistyped branch and a slug no record has, then every later
    /// command warned. It checks forced branches as `flags enroll` does, and applies nothing.
    @Test func anImportChecksForcedBranchesAsEnrollDoesAndAppliesNothing() throws {
        try flags.run("set", "tipJar", "off")
        let before = try flags.run("export").output
        let file = folder.write(#"{"overrides": {"promoBanner": false}, "forcedBranches": {"new-menu-test": "contrl", "no-such-exp": "x"}}"#,
                                to: "state.json")
        let result = try flags.run("import", file, status: 1)
        #expect(result.errors.contains("forcedBranches.new-menu-test: `new-menu-test` has no branch `contrl` (did you mean `control`?)"),
                "\(result.errors)")
        #expect(result.errors.contains("forcedBranches.no-such-exp: no experiment or rollout `no-such-exp` in the records of"), "\(result.errors)")
        #expect(try flags.run("export").output == before, "nothing was applied")
        let enroll = try flags.run("enroll", "new-menu-test", "--branch", "contrl", status: 1)
        #expect(enroll.errors.contains("`new-menu-test` has no branch `contrl` (did you mean `control`?)"), "the same words as enroll")
    }

    @Test func diffWithoutArgumentsListsThemBesideFlagOverrides() throws {
        try storeDebugOverrides()
        let diff = try flags.run("diff").output
        #expect(diff.contains("tipJar") && diff.contains("forced branch reviews-redesign: hidden\n")
                && diff.contains("feature override bibimbap-feature.enabled: false\n"), "\(diff)")
    }

    @Test func logAndUndoNameThem() throws {
        try flags.run("enroll", "new-menu-test", "--branch", "control")
        try flags.run("feature", "set", "bibimbap-feature", "spice-level", "5")
        let log = try flags.run("log").output
        #expect(log.contains("forced branch new-menu-test") && log.contains("none → control"), "\(log)")
        #expect(log.contains("feature override bibimbap-feature") && log.contains("spice-level: none → 5"), "\(log)")
        let undo = try flags.run("undo").output
        #expect(undo.contains("feature override bibimbap-feature: spice-level: 5 → none"), "\(undo)")
        let feature = try JSONParser.parse(try flags.run("feature", "bibimbap-feature", "--json").output)
        #expect(feature["variables"]?.arrayValue?.contains { $0["source"] == .string("feature-override") } == false)
    }

    @Test func presetsAndSavedStateDiffsCarryThem() throws {
        try storeDebugOverrides()
        #expect(try flags.run("preset", "save", "qa").output == "saved preset qa: 1 override, 0 preferences, 1 forced branch, 1 feature override\n")
        try flags.run("reset", "--all")
        let diff = try flags.run("diff", "preset:qa", status: 1).output
        #expect(diff.contains("forced branch") && diff.contains("reviews-redesign") && diff.contains("hidden"), "\(diff)")
        #expect(diff.contains("feature override") && diff.contains("bibimbap-feature.enabled"), "\(diff)")
        try flags.run("preset", "apply", "qa")
        #expect(try source("reviews") == .string("experiment") && source("newBibimbapMenu") == .string("feature-override"))
        #expect(try flags.run("diff", "preset:qa").output.hasPrefix("No differences"))
    }

    /// Importing with --replace removes the forced branches and feature overrides the file does not have.
    @Test func importReplacingRemovesOtherNimbusOverrides() throws {
        let file = folder.write(#"{"schemaVersion": 2, "app": "bibimbap", "forcedBranches": {"new-menu-test": "control"}}"#, to: "qa.json")
        try storeDebugOverrides()
        try flags.run("import", file, "--replace")
        let exported = try JSONParser.parse(try flags.run("export").output)
        #expect(exported["forcedBranches"] == .object(["new-menu-test": .string("control")]))
        #expect(exported["featureValues"] == .object([:]) && exported["overrides"] == .object([:]))
        let refused = folder.write(#"{"app": "bibimbap", "featureValues": {"bibimbap-feature": {"enabled": "yes"}}}"#, to: "bad.json")
        let error = try flags.run("import", refused, status: 1).errors
        #expect(error.contains("featureValues.bibimbap-feature.enabled: bibimbap-feature.enabled is Boolean"), "\(error)")
    }
}
