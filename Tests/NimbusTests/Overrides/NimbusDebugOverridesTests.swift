import Testing
@testable import Nimbus

/// Forcing a branch as `nimbus-cli enroll` prepares a record (application-services
/// `components/support/nimbus-cli/src/value_utils.rs`, `prepare_experiment` and its test), and
/// feature values set by hand as the top layer of a feature.
@Suite struct NimbusDebugOverridesTests {
    /// An id outside a 10% bucket range and in the first of two branches: found by hashing, so
    /// the test cannot pass by trusting the code under test.
    static func idOutside(namespace: String, count: Int) -> String {
        var counter = 0
        while true {
            let digits = String(counter)
            let id = "f0ce0000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits
            if !Sampling.bucketSample(input: .array([.string(id), .string(namespace)]), start: 0, count: count, total: 10000) { return id }
            counter += 1
        }
    }

    static func client(appName: String = "firefox_ios", channel: String = "release") -> NimbusClient {
        NimbusClient(nimbusID: "3d2142de-53bf-2d48-a92d-45fb7036cbf6", appName: appName, appId: "org.mozilla.ios.Firefox", channel: channel)
    }

    func record(paused: Bool = false, targeting: String = "true", count: Int = 10000, channel: String = "release") throws -> ExperimentRecord {
        try ExperimentRecord(json: RecordFixtures.record(
            slug: "hs-test",
            branches: [("control", 1, .object(["title": .string("Control")])), ("treatment", 3, .object(["title": .string("Treatment")]))],
            count: count, namespace: "hs-test-ns",
            changes: ["isEnrollmentPaused": .bool(paused), "targeting": .string(targeting), "channel": .string(channel)]))
    }

    /// The upstream test's expectations: channel, pause, targeting, bucket range, ratios.
    @Test func aForcedRecordIsRewrittenAsNimbusCliPreparesIt() throws {
        let forced = try record(paused: true, targeting: "language == 'ko'", count: 10, channel: "beta")
            .forcing(branch: "control", for: Self.client(channel: "developer"))
        #expect(forced.channel == "developer")
        #expect(forced.isEnrollmentPaused == false)
        #expect(forced.targeting == "true")
        #expect(forced.bucketConfig.start == 0 && forced.bucketConfig.count == forced.bucketConfig.total)
        #expect(forced.branches.map(\.ratio) == [100, 0])
        #expect(forced.slug == "hs-test" && forced.featureIds == ["homescreen"])
    }

    @Test func aMissingBranchOrAnotherAppsRecordIsRefusedNamingWhatExists() throws {
        #expect(throws: ForcedBranchError.noSuchBranch(slug: "hs-test", branch: "blue", branches: ["control", "treatment"])) {
            try record().forcing(branch: "blue", for: Self.client())
        }
        #expect(throws: ForcedBranchError.otherApp(slug: "hs-test", recordApp: "firefox_ios", clientApp: "fenix")) {
            try record().forcing(branch: "control", for: Self.client(appName: "fenix"))
        }
        let overrides = NimbusDebugOverrides(forcedBranches: ["hs-test": "blue"])
        let (records, problems) = overrides.applyForcedBranches(to: [try record()], for: Self.client())
        #expect(records.first?.branches.map(\.ratio) == [1, 3])
        #expect(problems == ["`hs-test` has no branch `blue`; its branches are `control`, `treatment`"])
        // A record that is gone (fetched away) keeps its forced branch, and is named.
        let waiting = NimbusDebugOverrides(forcedBranches: ["gone": "b"]).applyForcedBranches(to: [try record()], for: Self.client())
        #expect(waiting.problems == ["the records have no `gone` now; its forced branch `b` applies when it is back"])
        #expect(waiting.records.map(\.slug) == ["hs-test"])
    }

    /// Paused, not targeted, not in the bucket range, other channel: forced, the client is in
    /// the branch it asked for, and the experiment's value is named as forced.
    @Test func aForcedBranchWinsOverPauseTargetingBucketAndChannel() throws {
        let id = Self.idOutside(namespace: "hs-test-ns", count: 1000)
        let client = NimbusClient(nimbusID: id, appName: "firefox_ios", appId: "org.mozilla.ios.Firefox", channel: "developer")
        let natural = try record(paused: true, targeting: "language == 'ko'", count: 1000, channel: "beta")
        #expect(!EnrollmentEvaluator.status(of: natural, for: client).isEnrolled)
        for branch in ["control", "treatment"] {
            let overrides = NimbusDebugOverrides(forcedBranches: ["hs-test": branch])
            let (records, problems) = overrides.applyForcedBranches(to: [natural], for: client)
            #expect(problems.isEmpty)
            let results = EnrollmentEvolver.evolve(records: records, client: client, now: 0).results
            #expect(results.first?.status == .enrolled(branch: branch))
            let resolver = FeatureResolver(defaults: { _ in .object(["title": .string("Default")]) }, overrides: overrides)
            let feature = resolver.resolve("homescreen", enrollments: results)
            #expect(feature.source == .forcedBranch(slug: "hs-test", branch: branch))
            #expect(feature.value["title"] == .string(branch == "control" ? "Control" : "Treatment"))
        }
    }

    /// A feature another experiment holds stays with it: the SDK's conflict rule decides.
    @Test func aForcedExperimentLosesAFeatureAnEarlierEnrollmentHolds() throws {
        let client = NimbusClient(nimbusID: "3d2142de-53bf-2d48-a92d-45fb7036cbf6", appName: "firefox_ios",
                                  appId: "org.mozilla.ios.Firefox", channel: "release")
        let holder = try ExperimentRecord(json: RecordFixtures.record(slug: "aa-holder", changes: ["publishedDate": .string("2026-01-01T00:00:00Z")]))
        let forced = try ExperimentRecord(json: RecordFixtures.record(slug: "zz-forced", branches: [("a", 1, .object([:])), ("b", 1, .object([:]))],
                                                                       changes: ["publishedDate": .string("2026-02-01T00:00:00Z")]))
        let overrides = NimbusDebugOverrides(forcedBranches: ["zz-forced": "b"])
        let (records, _) = overrides.applyForcedBranches(to: [holder, forced], for: Self.client())
        let results = EnrollmentEvolver.evolve(records: records, client: client, now: 0).results
        #expect(results.map(\.status) == [.enrolled(branch: "control"), .notEnrolled(.featureConflict)])
    }

    /// Feature values set by hand are the top layer, over a forced branch too; a value the
    /// manifest's type refuses is dropped and the value beneath stands.
    @Test func featureValuesSetByHandAreTheTopLayerAndCheckedLikeBranchValues() throws {
        let overrides = NimbusDebugOverrides(featureValues: ["homescreen": ["title": .string("Mine"), "count": .string("three")]])
        let resolver = FeatureResolver(defaults: { _ in .object(["title": .string("Default"), "count": .int(1)]) },
                                       isValid: { _, variable, value in variable == "title" ? value.stringValue != nil : value.intValue != nil },
                                       overrides: overrides)
        let client = NimbusClient(nimbusID: "3d2142de-53bf-2d48-a92d-45fb7036cbf6", appName: "firefox_ios",
                                  appId: "org.mozilla.ios.Firefox", channel: "release")
        let results = EnrollmentEvolver.evolve(records: [try record()], client: client, now: 0).results
        let feature = resolver.resolve("homescreen", enrollments: results)
        #expect(feature.value["title"] == .string("Mine"))
        #expect(feature.source(ofVariable: "title") == .featureOverride)
        #expect(feature.value["count"] == .int(1))
        #expect(feature.rejectedVariables == ["count"])
        #expect(feature.source == .featureOverride)
        // A feature no record configures is resolved because of its override alone.
        #expect(resolver.configured(enrollments: [], where: { _ in true }).featureIds == ["homescreen"])
    }

    /// Evaluations start without the forced records' earlier enrollments and keep them as they were.
    @Test func aForcedRecordsEnrollmentFromBeforeIsKeptUntouched() {
        let overrides = NimbusDebugOverrides(forcedBranches: ["b": "treatment"])
        let earlier = [StoredEnrollment(slug: "a", isRollout: false, state: .enrolled(branch: "control")),
                       StoredEnrollment(slug: "b", isRollout: false, state: .enrolled(branch: "control"))]
        #expect(overrides.withoutForced(earlier).map(\.slug) == ["a"])
        let evolved = [StoredEnrollment(slug: "a", isRollout: false, state: .enrolled(branch: "control")),
                       StoredEnrollment(slug: "b", isRollout: false, state: .enrolled(branch: "treatment"))]
        #expect(overrides.keeping(evolved, earlier: earlier) == earlier)
        #expect(NimbusDebugOverrides.none.keeping(evolved, earlier: earlier) == evolved)
    }
}
