import Testing
@testable import Formats
@testable import Nimbus

@Suite struct EnrollmentEvaluatorTests {
    let client = NimbusClient(
        nimbusID: "3d2142de-53bf-2d48-a92d-45fb7036cbf6",
        appName: "firefox_ios", appId: "org.mozilla.ios.Firefox", channel: "release",
        locale: "en-US", daysSinceInstall: 3
    )

    private func status(_ json: JSONValue, client: NimbusClient? = nil) throws -> EnrollmentStatus {
        let record = try ExperimentRecord(json: json)
        return EnrollmentEvaluator.evaluate(records: [record], client: client ?? self.client)[0].status
    }

    @Test func upstreamBranchVectorsThroughTheEvaluator() throws {
        let record = RecordFixtures.record(slug: "TEST_EXP1", branches: [("control", 1, .object([:])), ("blue", 1, .object([:]))])
        #expect(try status(record) == .enrolled(branch: "blue"))
        let other = NimbusClient(nimbusID: "542213c0-9aef-47eb-bc6b-3b8529736ba2", appName: "firefox_ios", appId: "x", channel: "release")
        #expect(try status(record, client: other) == .enrolled(branch: "control"))
    }

    @Test func nimbusIDIsLowercasedBeforeHashing() throws {
        let upper = NimbusClient(nimbusID: "3D2142DE-53BF-2D48-A92D-45FB7036CBF6", appName: "firefox_ios", appId: "x", channel: "release")
        #expect(upper.nimbusID == "3d2142de-53bf-2d48-a92d-45fb7036cbf6")
        let record = RecordFixtures.record(slug: "TEST_EXP1", branches: [("control", 1, .object([:])), ("blue", 1, .object([:]))])
        #expect(try status(record, client: upper) == .enrolled(branch: "blue"))
    }

    @Test func contextCarriesTheClientFacts() {
        #expect(client.context["app_name"] == .string("firefox_ios"))
        #expect(client.context["app_id"] == .string("org.mozilla.ios.Firefox"))
        #expect(client.context["channel"] == .string("release"))
        #expect(client.context["language"] == .string("en"))
        #expect(client.context["region"] == .string("US"))
        #expect(client.context["locale"] == .string("en-US"))
        #expect(client.context["days_since_install"] == .int(3))
        #expect(client.context["is_first_run"] == .bool(false))
        #expect(client.context["is_already_enrolled"] == .bool(false))
        let noRegion = NimbusClient(nimbusID: "a", appName: "a", appId: "a", channel: "a", locale: "es", extraContext: ["app_version": .string("1.0"), "is_first_run": .bool(true)])
        // `null`, not absent: the SDK serializes an unset `Option` as null (no `skip_serializing_if`).
        #expect(noRegion.context["region"] == .null)
        #expect(noRegion.context["app_version"] == .string("1.0"))
        #expect(noRegion.context["is_first_run"] == .bool(true))
    }

    @Test func checksRunInNimbusOrder() throws {
        let optedOut = NimbusClient(nimbusID: client.nimbusID, appName: "firefox_ios", appId: "x", channel: "release", experimentsOptOut: true)
        // Opt-out comes before every other check.
        #expect(try status(RecordFixtures.record(slug: "a", changes: ["isEnrollmentPaused": .bool(true)]), client: optedOut) == .notEnrolled(.optedOut))
        // Paused before app name.
        #expect(try status(RecordFixtures.record(slug: "a", changes: ["isEnrollmentPaused": .bool(true), "appName": .string("fenix")])) == .notEnrolled(.paused))
        // App name before channel.
        #expect(try status(RecordFixtures.record(slug: "a", changes: ["appName": .string("fenix"), "channel": .string("nightly")])) == .notEnrolled(.otherApp))
        // Channel before targeting.
        #expect(try status(RecordFixtures.record(slug: "a", changes: ["channel": .string("nightly"), "targeting": .string("false")])) == .notEnrolled(.otherChannel))
        // Targeting before bucketing.
        #expect(try status(RecordFixtures.record(slug: "a", count: 0, changes: ["targeting": .string("false")])) == .notEnrolled(.notTargeted))
        #expect(try status(RecordFixtures.record(slug: "a", count: 0)) == .notEnrolled(.notSelected))
    }

    @Test func channelIsCaseInsensitiveAndMissingFieldsMatchAll() throws {
        #expect(try status(RecordFixtures.record(slug: "a", changes: ["channel": .string("Release")])).branch == "control")
        #expect(try status(RecordFixtures.record(slug: "a", changes: ["channel": .null, "appName": .null, "targeting": .null])).branch == "control")
    }

    @Test func rolloutOptOutIsSeparateFromExperimentOptOut() throws {
        let noExperiments = NimbusClient(nimbusID: client.nimbusID, appName: "firefox_ios", appId: "x", channel: "release", experimentsOptOut: true)
        let noRollouts = NimbusClient(nimbusID: client.nimbusID, appName: "firefox_ios", appId: "x", channel: "release", rolloutsOptOut: true)
        let rollout = RecordFixtures.record(slug: "r", isRollout: true)
        let experiment = RecordFixtures.record(slug: "e", featureId: "other")
        #expect(try status(rollout, client: noExperiments) == .enrolled(branch: "control"))
        #expect(try status(rollout, client: noRollouts) == .notEnrolled(.optedOut))
        #expect(try status(experiment, client: noRollouts) == .enrolled(branch: "control"))
    }

    @Test func targetingErrorNamesSlugAndIdentifier() throws {
        let record = RecordFixtures.record(slug: "bad-targeting", changes: ["targeting": .string("language == 'en' && is_frist_run")])
        guard case .error(let message) = try status(record) else {
            Issue.record("expected an error status")
            return
        }
        #expect(message.contains("`bad-targeting`"))
        #expect(message.contains("`is_frist_run`"))
        #expect(message == "targeting of `bad-targeting` failed: undefined identifier `is_frist_run` (did you mean `is_first_run`?)")
    }

    @Test func targetingSeesTheContext() throws {
        let targeted = RecordFixtures.record(slug: "t", changes: ["targeting": .string("language == 'en' && days_since_install < 7 && is_already_enrolled == false")])
        #expect(try status(targeted) == .enrolled(branch: "control"))
        let enrolledBefore = NimbusClient(nimbusID: client.nimbusID, appName: "firefox_ios", appId: "x", channel: "release", alreadyEnrolledSlugs: ["t"])
        #expect(try status(targeted, client: enrolledBefore) == .notEnrolled(.notTargeted))
    }

    /// `user_id` is in the SDK's schema, but a mobile client has none: the record is read and
    /// is an error at enrollment (`normandy_id` is not even read: `ExperimentRecordSchemaTests`).
    @Test func userIdRandomizationIsAnError() throws {
        var json = RecordFixtures.record(slug: "by-user").objectValue!
        json["bucketConfig"] = .object(["randomizationUnit": .string("user_id"), "namespace": .string("n"), "start": .int(0), "count": .int(10000), "total": .int(10000)])
        #expect(try status(.object(json)) == .error("`by-user` is randomized by `user_id`; this client only has `nimbus_id`"))
    }

    @Test func bucketingFollowsSampling() throws {
        // Independent of the evaluator: whether each id is in the first half of the namespace.
        for index in 0..<40 {
            let id = "00000000-0000-4000-8000-\(String(repeating: "0", count: 10))\(index < 10 ? "0" : "")\(index)"
            let someone = NimbusClient(nimbusID: id, appName: "firefox_ios", appId: "x", channel: "release")
            let expected = Sampling.bucketSample(input: .array([.string(id), .string("half")]), start: 0, count: 5000, total: 10000)
            let result = try status(RecordFixtures.record(slug: "h", count: 5000, namespace: "half"), client: someone)
            #expect(result == (expected ? .enrolled(branch: "control") : .notEnrolled(.notSelected)))
        }
    }

    @Test func oneRecordPerFeatureEarliestPublishedWins() throws {
        let records = try [
            RecordFixtures.record(slug: "late", changes: ["publishedDate": .string("2024-05-01T00:00:00Z")]),
            RecordFixtures.record(slug: "early", changes: ["publishedDate": .string("2024-01-01T00:00:00Z")]),
            RecordFixtures.record(slug: "elsewhere", featureId: "search", changes: ["publishedDate": .string("2024-06-01T00:00:00Z")]),
            RecordFixtures.record(slug: "rollout", isRollout: true),
            RecordFixtures.record(slug: "second-rollout", isRollout: true),
        ].map(ExperimentRecord.init(json:))
        let results = EnrollmentEvaluator.evaluate(records: records, client: client)
        #expect(results.map(\.slug) == ["late", "early", "elsewhere", "rollout", "second-rollout"])
        #expect(results.map(\.status) == [
            .notEnrolled(.featureConflict),
            .enrolled(branch: "control"),
            .enrolled(branch: "control"),
            // Rollouts are their own pool: the experiment on the same feature does not block them.
            .enrolled(branch: "control"),
            .notEnrolled(.featureConflict),
        ])
    }

    /// Dates sort as their bytes, whatever their length: fractions of a second past the 24th
    /// byte still count, a date that is a prefix of another comes first, equal dates keep order.
    @Test func longDatesSortByEveryByte() throws {
        for (dates, winner) in [
            (["2024-01-01T00:00:00.000002Z", "2024-01-01T00:00:00.000001Z"], 1),
            (["2024-01-01T00:00:00.000001Z", "2024-01-01T00:00:00.000002Z"], 0),
            (["2024-01-01T00:00:00.00000001+00:00", "2024-01-01T00:00:00.0000000+00:00"], 1),
            (["2024-01-01T00:00:00.0000000+00:00", "2024-01-01T00:00:00.00000001+00:00"], 0),
            (["2024-01-01T00:00:00.000001Z", "2024-01-01T00:00:00.000001Z"], 0),
        ] {
            let records = try dates.enumerated().map { index, date in
                try ExperimentRecord(json: RecordFixtures.record(slug: "r\(index)", changes: ["publishedDate": .string(date)]))
            }
            let results = EnrollmentEvaluator.evaluate(records: records, client: client)
            #expect(results.map { $0.status.branch != nil } == dates.indices.map { $0 == winner }, "\(dates)")
        }
    }

    /// A record holding several features is taken whole or not at all; records already in date
    /// order (the common case) are taken in that order.
    @Test func aRecordWithSeveralFeaturesConflictsOnAnyOfThem() throws {
        func dated(_ month: Int) -> JSONValue { .string("2024-0\(month)-01T00:00:00Z") }
        let records = try [
            RecordFixtures.record(slug: "both", featureId: "a", changes: ["featureIds": .array([.string("a"), .string("b")]), "publishedDate": dated(1)]),
            RecordFixtures.record(slug: "b-only", featureId: "b", changes: ["publishedDate": dated(2)]),
            RecordFixtures.record(slug: "c-and-a", featureId: "c", changes: ["featureIds": .array([.string("c"), .string("a")]), "publishedDate": dated(3)]),
            RecordFixtures.record(slug: "c-only", featureId: "c", changes: ["publishedDate": dated(4)]),
        ].map(ExperimentRecord.init(json:))
        let results = EnrollmentEvaluator.evaluate(records: records, client: client)
        #expect(results.map(\.status) == [
            .enrolled(branch: "control"), .notEnrolled(.featureConflict), .notEnrolled(.featureConflict), .enrolled(branch: "control"),
        ])
    }

    @Test func recordsWithoutPublishedDateGoFirstInInputOrder() throws {
        let records = try [
            RecordFixtures.record(slug: "dated", changes: ["publishedDate": .string("2020-01-01T00:00:00Z")]),
            RecordFixtures.record(slug: "undated-1"),
            RecordFixtures.record(slug: "undated-2"),
        ].map(ExperimentRecord.init(json:))
        let results = EnrollmentEvaluator.evaluate(records: records, client: client)
        #expect(results.map(\.status) == [.notEnrolled(.featureConflict), .enrolled(branch: "control"), .notEnrolled(.featureConflict)])
    }

    @Test func recordsThatAreNotEnrolledHoldNoFeature() throws {
        let records = try [
            RecordFixtures.record(slug: "not-targeted", changes: ["targeting": .string("false")]),
            RecordFixtures.record(slug: "applies"),
        ].map(ExperimentRecord.init(json:))
        let results = EnrollmentEvaluator.evaluate(records: records, client: client)
        #expect(results.map(\.status) == [.notEnrolled(.notTargeted), .enrolled(branch: "control")])
    }

    @Test func malformedRecordIsSkippedWhileOthersApply() throws {
        let set = try ExperimentRecordSet.parse(.object(["data": .array([
            RecordFixtures.record(slug: "broken", changes: ["bucketConfig": .null]),
            RecordFixtures.record(slug: "fine"),
        ])]))
        #expect(set.skipped == [SkippedRecord(name: "broken", index: 0, reason: "missing required field `bucketConfig`")])
        let results = EnrollmentEvaluator.evaluate(records: set.records, client: client)
        #expect(results.map(\.slug) == ["fine"])
        #expect(results[0].status == .enrolled(branch: "control"))
    }
}
