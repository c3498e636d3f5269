import FeatureFlags
import FlagsTool
import FeatureFlagsTestSupport
import Foundation
import Nimbus
import Testing

/// Forced branches and feature overrides in saved states (schema version 2): captured, written,
/// read and checked, applied merged or replacing, and told apart in differences; version 1 files
/// still read.
@Suite struct SavedFlagStateNimbusOverridesTests {
    let folder = TemporaryDirectory()

    private func environment() throws -> FlagsEnvironment {
        try RegistryDiscovery.open(FlagsOptions(storePath: folder.file("prefs.sqlite"), workingDirectory: folder.path,
                                               environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path]))
    }

    private func reader(_ env: FlagsEnvironment) -> SavedFlagStateReader { SavedFlagStateReader(registry: env.registry) }

    @Test func captureWriteReadApplyRoundTrips() throws {
        let env = try environment()
        let store = NimbusOverrideStore(prefs: env.prefs)
        try store.forceBranch("treatment", of: "new-menu-test")
        try store.setFeatureValue(.int(5), variable: "spice-level", of: "bibimbap-feature")
        try store.setFeatureValue(.array([.string("bulgogi")]), variable: "highlighted-dishes", of: "reviews-feature")
        let saved = SavedFlagState.capture(from: env)
        #expect(saved.forcedBranches == ["new-menu-test": "treatment"])
        #expect(saved.featureValues == ["bibimbap-feature": ["spice-level": .int(5)], "reviews-feature": ["highlighted-dishes": .array([.string("bulgogi")])]])
        #expect(saved.json["schemaVersion"] == .int(2) && saved.debugOverrideCount == 3)

        let text = saved.json.prettyText
        try env.prefs.clearAll()
        let read = try reader(env).read(text, file: "saved.json")
        #expect(read.forcedBranches == saved.forcedBranches && read.featureValues == saved.featureValues)
        try env.prefs.apply(read.changes(for: env, replacing: false))
        #expect(store.overrides == NimbusDebugOverrides(forcedBranches: saved.forcedBranches, featureValues: saved.featureValues))
    }

    @Test func aVersionOneFileStillReads() throws {
        let env = try environment()
        let state = try reader(env).read(#"{"schemaVersion": 1, "app": "bibimbap", "overrides": {"tipJar": false}}"#, file: "old.json")
        #expect(state.overrides == ["tipJar": false] && state.forcedBranches.isEmpty && state.featureValues.isEmpty)
        let error = try #require(throws: SavedStateProblems.self) { try reader(env).read(#"{"schemaVersion": 3}"#, file: "new.json") }
        #expect(error.description.contains("schemaVersion 3 is not supported; this tool reads versions 1 and 2"))
    }

    @Test func replacingRemovesOtherNimbusOverridesAndMergingKeepsThem() throws {
        let env = try environment()
        let store = NimbusOverrideStore(prefs: env.prefs)
        try store.forceBranch("hidden", of: "reviews-redesign")
        try store.setFeatureValue(.int(5), variable: "spice-level", of: "bibimbap-feature")
        try store.setFeatureValue(.int(1), variable: "minimum-stars", of: "reviews-feature")
        let state = SavedFlagState(app: "bibimbap", channel: "developer", forcedBranches: ["new-menu-test": "control"],
                                   featureValues: ["bibimbap-feature": ["enabled": .bool(false)]])

        try env.prefs.apply(state.changes(for: env, replacing: false))
        #expect(store.overrides.forcedBranches == ["reviews-redesign": "hidden", "new-menu-test": "control"])
        #expect(store.overrides.featureValues["bibimbap-feature"] == ["spice-level": .int(5), "enabled": .bool(false)], "merged variable by variable")

        try env.prefs.apply(state.changes(for: env, replacing: true))
        #expect(store.overrides == NimbusDebugOverrides(forcedBranches: state.forcedBranches, featureValues: state.featureValues))
    }

    @Test func featureValuesAreCheckedAgainstTheManifestAndForcedBranchesForTheirShape() throws {
        let env = try environment()
        let text = #"{"schemaVersion": 2, "app": "bibimbap", "forcedBranches": {"new-menu-test": 3, "ok-test": "a"},"#
            + #" "featureValues": {"bibimbap-feature": {"spice-level": "hot", "spice-levl": 1}, "bibimbap-featur": {"enabled": true}, "reviews-feature": []}}"#
        let error = try #require(throws: SavedStateProblems.self) { try reader(env).read(text, file: "x.json") }
        #expect(error.problems.count == 5, "\(error.problems)")
        #expect(error.problems.contains { $0.hasPrefix("forcedBranches.new-menu-test: expected a branch slug") })
        #expect(error.problems.contains { $0.hasPrefix("featureValues.bibimbap-feature.spice-level: bibimbap-feature.spice-level is Int") })
        #expect(error.problems.contains { $0.contains("has no variable `spice-levl` (did you mean `spice-level`?)") })
        #expect(error.problems.contains { $0.contains("no feature `bibimbap-featur` (did you mean `bibimbap-feature`?)") })
        #expect(error.problems.contains { $0.hasPrefix("featureValues.reviews-feature: expected an object of variable → value") })
    }

    @Test func differencesNameForcedBranchesAndFeatureVariables() {
        let mine = SavedFlagState(app: "bibimbap", channel: "developer", featureValues: ["bibimbap-feature": ["spice-level": .int(4)]])
        let theirs = SavedFlagState(app: "bibimbap", channel: "developer", forcedBranches: ["new-menu-test": "treatment"],
                                    featureValues: ["bibimbap-feature": ["spice-level": .int(5), "enabled": .bool(true)]])
        #expect(mine.differences(to: theirs) == [
            "forced branch new-menu-test: (none) → treatment",
            "feature override bibimbap-feature.enabled: (none) → true",
            "feature override bibimbap-feature.spice-level: 4 → 5",
        ])
    }
}
