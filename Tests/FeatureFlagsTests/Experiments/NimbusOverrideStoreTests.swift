import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Prefs
import Testing
import TestHelpers

/// Forced branches and feature values kept in the app's store, and what an app's evaluation
/// makes of them: honored in this (developer) build, never in a release preview, never kept
/// as enrollment.
@Suite struct NimbusOverrideStoreTests {
    let folder = TemporaryDirectory()

    /// One experiment on `search-feature` that targets nobody, with two branches.
    private func app() -> String {
        SearchFeatureManifest.write(in: folder, enabled: false)
        let record: [String: Any] = [
            "schemaVersion": "1.12.0", "slug": "exp", "userFacingName": "Exp", "userFacingDescription": "Exp",
            "isEnrollmentPaused": true, "proposedEnrollment": 7, "appName": "demo", "targeting": "false",
            "bucketConfig": ["randomizationUnit": "nimbus_id", "namespace": "ns", "start": 0, "count": 0, "total": 10000],
            "branches": [["slug": "control", "ratio": 1, "features": [["featureId": "search-feature", "value": ["enabled": false]]]],
                         ["slug": "treatment", "ratio": 1, "features": [["featureId": "search-feature", "value": ["enabled": true]]]]],
        ]
        folder.write(try! JSONSerialization.data(withJSONObject: ["data": [record]]), to: folder.file("experiments.json"))
        return folder.write("app: demo\nmanifest: nimbus.fml.yaml\nexperiments: experiments.json\nflags:\n"
                            + "  search: { feature: search-feature, debug: { title: Search } }\n", to: "feature-flags.yaml")
    }

    private func open(_ registry: String) throws -> FlagsEnvironment {
        try FlagsEnvironment.open(FlagsOptions(configPath: registry, storePath: folder.file("prefs.sqlite"), workingDirectory: folder.path,
                                               environment: ["HOME": folder.path, "FLAGS_NO_CACHE": "1"]))
    }

    @Test func aForcedBranchDecidesTheFlagAndIsNeverKeptAsEnrollment() throws {
        let registry = app()
        let before = try open(registry)
        let flag = try before.registry.flag("search")
        #expect(before.provider.state(of: flag).source == .defaultValue(channel: "developer"))
        let store = NimbusOverrideStore(prefs: before.prefs)
        try store.forceBranch("treatment", of: "exp")

        let forced = try open(registry)
        #expect(forced.experiments.enrollments.first?.status == .enrolled(branch: "treatment"))
        #expect(forced.provider.isEnabled(flag))
        #expect(forced.provider.state(of: flag).source == .forcedBranch(slug: "exp", branch: "treatment"))
        #expect(NimbusClientStore(prefs: forced.prefs).enrollments.first?.isEnrolled == false,
                "the store keeps the enrollment Nimbus decided, so a release build never sees the forced one")
        // A preview of the release channel's rules, as a release build decides.
        let release = forced.previewing(.release)
        #expect(release.experiments.overrides == .none)
        #expect(!release.provider.isEnabled(flag))
        #expect(release.provider.state(of: flag).source == .defaultValue(channel: "release"))

        #expect(try store.removeForcedBranches() == ["exp"])
        let after = try open(registry)
        #expect(after.experiments.enrollments.first?.status == .notEnrolled(.paused))
        #expect(!after.provider.isEnabled(flag))
    }

    /// A forced record is evaluated rewritten (its other branches at ratio 0, targeting `true`),
    /// and kept as published for what a screen shows of it.
    @Test func theForcedRecordIsKeptAsPublished() throws {
        let registry = app()
        let unforced = try open(registry)
        #expect(unforced.experiments.recordsBeforeForcing.isEmpty)
        try NimbusOverrideStore(prefs: unforced.prefs).forceBranch("treatment", of: "exp")
        let forced = try open(registry)
        let evaluated = try #require(forced.experiments.result(for: "exp")?.record)
        #expect(evaluated.branches.map(\.ratio) == [0, 100] && evaluated.targeting == "true")
        let published = try #require(forced.experiments.recordsBeforeForcing["exp"])
        #expect(published.branches.map(\.ratio) == [1, 1] && published.targeting == "false" && published.isEnrollmentPaused)
        #expect(Array(forced.experiments.recordsBeforeForcing.keys) == ["exp"])
    }

    /// A record the client was in before is evaluated as new once forced: targeting sees no
    /// trace of the earlier branch, and afterwards the forced one.
    @Test func aForcedRecordsEarlierBranchLeavesTheContext() throws {
        let registry = app()
        var record = try String(contentsOfFile: folder.file("experiments.json"), encoding: .utf8)
        record = record.replacingOccurrences(of: "\"isEnrollmentPaused\":true", with: "\"isEnrollmentPaused\":false")
            .replacingOccurrences(of: "\"targeting\":\"false\"", with: "\"targeting\":\"true\"")
            .replacingOccurrences(of: "\"count\":0", with: "\"count\":10000")
        folder.write(Data(record.utf8), to: folder.file("experiments.json"))
        let natural = try open(registry)
        let branch = try #require(natural.experiments.enrollments.first?.status.branch)
        let other = branch == "control" ? "treatment" : "control"
        #expect(try open(registry).experiments.client.context["enrollments_map"]?["exp"] == .string(branch))
        try NimbusOverrideStore(prefs: natural.prefs).forceBranch(other, of: "exp")
        let forced = try open(registry)
        #expect(forced.experiments.client.context["enrollments_map"]?["exp"] == nil)
        #expect(forced.experiments.client.context["active_experiments"]?.arrayValue?.contains(.string("exp")) == false)
        #expect(forced.experiments.context["enrollments_map"]?["exp"] == .string(other))
        #expect(NimbusClientStore(prefs: forced.prefs).enrollments.first?.branch == branch, "the natural branch is kept")
    }

    @Test func aFeatureValueSetByHandIsTheFlagsSourceUntilItIsRemoved() throws {
        let registry = app()
        let environment = try open(registry)
        let flag = try environment.registry.flag("search")
        let store = NimbusOverrideStore(prefs: environment.prefs)
        try store.setFeatureValue(.bool(true), variable: "enabled", of: "search-feature")
        #expect(store.overrides.featureValues == ["search-feature": ["enabled": .bool(true)]])
        let edited = try open(registry)
        #expect(edited.provider.state(of: flag).source == .featureOverride)
        #expect(edited.provider.isEnabled(flag))
        #expect(edited.provider.state(of: flag).source.summary == "feature override")
        // A Boolean debug override of the flag still wins over the feature's value.
        try edited.provider.setDebugOverride(flag, to: false)
        #expect(!edited.provider.isEnabled(flag))

        #expect(try store.removeFeatureValue(of: "search-feature", variable: "missing").isEmpty)
        #expect(try store.removeFeatureValue(of: "search-feature") == ["enabled"])
        #expect(environment.prefs.stringForKey(NimbusOverrideStore.featureOverrideKey("search-feature")) == nil)
    }

    @Test func entriesThatAreNotOverridesAreIgnored() throws {
        let prefs = InMemoryPrefs()
        try prefs.setString("not json", forKey: NimbusOverrideStore.featureOverrideKey("a"))
        try prefs.setString("[1]", forKey: NimbusOverrideStore.featureOverrideKey("b"))
        try prefs.setBool(true, forKey: NimbusOverrideStore.forcedBranchKey("c"))
        #expect(NimbusOverrideStore(prefs: prefs).overrides == .none)
    }
}
