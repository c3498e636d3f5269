import Testing
@testable import Formats
@testable import Nimbus

/// Enrollment that follows the previous evaluation, as application-services' `EnrollmentsEvolver`
/// does (`components/nimbus/src/enrollment.rs`), with the scenarios of
/// `components/nimbus/src/tests/test_enrollment.rs` (named in each row) as a table.
@Suite struct EnrollmentEvolverTests {
    static let id = "542213c0-9aef-47eb-bc6b-3b8529736ba2"
    static let now = 1_800_000_000
    static let day = 86_400

    enum Kind { case experiment, rollout, labs }

    /// One upstream scenario: the earlier enrollment (nil: a new record), the record now (nil: it
    /// ended), what the client sees, and what is expected.
    struct Scenario: CustomTestStringConvertible, Sendable {
        var name: String
        var earlier: StoredEnrollment.State?
        var kind: Kind = .experiment
        var changes: [String: JSONValue] = [:]
        var recordIsLive = true
        var optedOut = false
        var status: EnrollmentStatus?
        var kept: StoredEnrollment.State?
        var testDescription: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(name: "test_evolver_new_experiment_enrolled", earlier: nil, status: .enrolled(branch: "control"), kept: .enrolled(branch: "control")),
        Scenario(name: "test_evolver_new_experiment_not_enrolled", earlier: nil, changes: ["bucketConfig": bucket(count: 0)],
                 status: .notEnrolled(.notSelected), kept: .notEnrolled(featureConflict: false)),
        Scenario(name: "test_evolve_new_labs_not_enrolled", earlier: nil, kind: .labs,
                 status: .notEnrolled(.firefoxLabsOptIn), kept: .notEnrolled(featureConflict: false)),
        Scenario(name: "test_evolver_new_experiment_globally_opted_out", earlier: nil, optedOut: true,
                 status: .notEnrolled(.optedOut), kept: .notEnrolled(featureConflict: false)),
        Scenario(name: "test_evolve_new_rollout_globally_opted_out", earlier: nil, kind: .rollout, optedOut: true,
                 status: .notEnrolled(.optedOut), kept: .notEnrolled(featureConflict: false)),
        Scenario(name: "test_evolver_new_experiment_enrollment_paused", earlier: nil, changes: ["isEnrollmentPaused": .bool(true)],
                 status: .notEnrolled(.paused), kept: .notEnrolled(featureConflict: false)),
        Scenario(name: "test_evolver_experiment_update_not_enrolled_opted_out", earlier: .notEnrolled(featureConflict: false), optedOut: true,
                 status: .notEnrolled(.optedOut), kept: .notEnrolled(featureConflict: false)),
        Scenario(name: "test_evolve_rollout_update_not_enrolled_opted_out", earlier: .notEnrolled(featureConflict: false), kind: .rollout,
                 optedOut: true, status: .notEnrolled(.optedOut), kept: .notEnrolled(featureConflict: false)),
        Scenario(name: "test_evolver_experiment_update_not_enrolled_enrollment_paused", earlier: .notEnrolled(featureConflict: false),
                 changes: ["isEnrollmentPaused": .bool(true)], status: .notEnrolled(.paused), kept: .notEnrolled(featureConflict: false)),
        Scenario(name: "test_evolver_experiment_update_not_enrolled_resuming_not_selected", earlier: .notEnrolled(featureConflict: false),
                 changes: ["bucketConfig": bucket(count: 0)], status: .notEnrolled(.notSelected), kept: .notEnrolled(featureConflict: false)),
        Scenario(name: "test_evolver_experiment_update_not_enrolled_resuming_selected", earlier: .notEnrolled(featureConflict: false),
                 status: .enrolled(branch: "control"), kept: .enrolled(branch: "control")),
        Scenario(name: "test_evolver_experiment_update_enrolled_then_opted_out", earlier: .enrolled(branch: "control"), optedOut: true,
                 status: .notEnrolled(.disqualified(.optedOut)), kept: .disqualified(branch: "control", reason: .optedOut)),
        Scenario(name: "test_evolve_rollout_update_enrolled_then_opted_out", earlier: .enrolled(branch: "control"), kind: .rollout, optedOut: true,
                 status: .notEnrolled(.disqualified(.optedOut)), kept: .disqualified(branch: "control", reason: .optedOut)),
        Scenario(name: "test_evolver_experiment_update_enrolled_then_experiment_paused", earlier: .enrolled(branch: "control"),
                 changes: ["isEnrollmentPaused": .bool(true)], status: .enrolled(branch: "control"), kept: .enrolled(branch: "control")),
        Scenario(name: "test_evolver_experiment_update_enrolled_then_targeting_changed", earlier: .enrolled(branch: "control"),
                 changes: ["targeting": .string("false")],
                 status: .notEnrolled(.disqualified(.notTargeted)), kept: .disqualified(branch: "control", reason: .notTargeted)),
        Scenario(name: "test_evolver_experiment_update_enrolled_then_targeting_changed (channel)", earlier: .enrolled(branch: "control"),
                 changes: ["channel": .string("nightly")],
                 status: .notEnrolled(.disqualified(.notTargeted)), kept: .disqualified(branch: "control", reason: .notTargeted)),
        Scenario(name: "test_evolver_experiment_update_enrolled_then_bucketing_changed", earlier: .enrolled(branch: "control"),
                 changes: ["bucketConfig": bucket(count: 0)],
                 status: .notEnrolled(.disqualified(.notSelected)), kept: .disqualified(branch: "control", reason: .notSelected)),
        Scenario(name: "test_rollout_unenrolls_when_bucketing_changes", earlier: .enrolled(branch: "control"), kind: .rollout,
                 changes: ["bucketConfig": bucket(count: 0)],
                 status: .notEnrolled(.disqualified(.notSelected)), kept: .disqualified(branch: "control", reason: .notSelected)),
        Scenario(name: "test_rollout_unenrolls_then_reenrolls_when_bucketing_changes", earlier: .disqualified(branch: "control", reason: .notSelected),
                 kind: .rollout, status: .enrolled(branch: "control"), kept: .enrolled(branch: "control")),
        Scenario(name: "test_rollout_unenrolls_then_reenrolls_when_bucketing_changes (still out)", earlier: .disqualified(branch: "control", reason: .notSelected),
                 kind: .rollout, changes: ["bucketConfig": bucket(count: 0)],
                 status: .notEnrolled(.disqualified(.notSelected)), kept: .disqualified(branch: "control", reason: .notSelected)),
        Scenario(name: "test_experiment_does_not_reenroll_from_disqualified_not_selected_or_not_targeted",
                 earlier: .disqualified(branch: "control", reason: .notSelected),
                 status: .notEnrolled(.disqualified(.notSelected)), kept: .disqualified(branch: "control", reason: .notSelected)),
        Scenario(name: "test_experiment_does_not_reenroll_from_disqualified_not_selected_or_not_targeted (targeting)",
                 earlier: .disqualified(branch: "control", reason: .notTargeted),
                 status: .notEnrolled(.disqualified(.notTargeted)), kept: .disqualified(branch: "control", reason: .notTargeted)),
        Scenario(name: "test_evolver_experiment_update_enrolled_then_branches_changed", earlier: .enrolled(branch: "treatment"),
                 changes: ["branches": branches(["control": 100, "treatment": 1])],
                 status: .enrolled(branch: "treatment"), kept: .enrolled(branch: "treatment")),
        Scenario(name: "test_evolver_experiment_update_enrolled_then_branch_disappears", earlier: .enrolled(branch: "gone"),
                 status: .notEnrolled(.disqualified(.error)), kept: .disqualified(branch: "gone", reason: .error)),
        Scenario(name: "test_evolver_experiment_update_disqualified_then_opted_out", earlier: .disqualified(branch: "control", reason: .notTargeted),
                 optedOut: true, status: .notEnrolled(.disqualified(.optedOut)), kept: .disqualified(branch: "control", reason: .optedOut)),
        Scenario(name: "test_evolver_experiment_update_disqualified_then_bucketing_ok", earlier: .disqualified(branch: "control", reason: .notSelected),
                 status: .notEnrolled(.disqualified(.notSelected)), kept: .disqualified(branch: "control", reason: .notSelected)),
        Scenario(name: "test_evolver_experiment_update_error", earlier: .enrolled(branch: "control"),
                 changes: ["targeting": .string("undefined_attribute == 1")],
                 status: .notEnrolled(.disqualified(.error)), kept: .disqualified(branch: "control", reason: .error)),
        Scenario(name: "test_evolver_experiment_update_was_enrolled", earlier: .wasEnrolled(branch: "control", endedAt: now - day),
                 status: .notEnrolled(.endedBefore), kept: nil),
        Scenario(name: "test_evolver_relaunched_rollout_reenrolls_from_was_enrolled", earlier: .wasEnrolled(branch: "control", endedAt: now - day),
                 kind: .rollout, status: .enrolled(branch: "control"), kept: .enrolled(branch: "control")),
        Scenario(name: "test_evolver_experiment_ended_was_enrolled", earlier: .enrolled(branch: "control"), recordIsLive: false,
                 kept: .wasEnrolled(branch: "control", endedAt: now)),
        Scenario(name: "test_evolver_experiment_ended_was_disqualified", earlier: .disqualified(branch: "control", reason: .notTargeted),
                 recordIsLive: false, kept: .wasEnrolled(branch: "control", endedAt: now)),
        Scenario(name: "test_evolver_experiment_ended_was_not_enrolled", earlier: .notEnrolled(featureConflict: false), recordIsLive: false, kept: nil),
        Scenario(name: "test_evolver_garbage_collection_before_threshold", earlier: .wasEnrolled(branch: "control", endedAt: now - 364 * day),
                 recordIsLive: false, kept: .wasEnrolled(branch: "control", endedAt: now - 364 * day)),
        Scenario(name: "test_evolver_garbage_collection_after_threshold", earlier: .wasEnrolled(branch: "control", endedAt: now - 366 * day),
                 recordIsLive: false, kept: nil),
        Scenario(name: "test_evolve_labs_update_enrolled_then_opted_out (labs ignore the opt-out)", earlier: .enrolled(branch: "control"),
                 kind: .labs, optedOut: true, status: .enrolled(branch: "control"), kept: .enrolled(branch: "control")),
        Scenario(name: "test_evolver_labs_update_enrolled_then_targeting_changed", earlier: .enrolled(branch: "control"), kind: .labs,
                 changes: ["targeting": .string("false")],
                 status: .notEnrolled(.disqualified(.notTargeted)), kept: .disqualified(branch: "control", reason: .notTargeted)),
    ]

    static func bucket(count: Int) -> JSONValue {
        .object(["randomizationUnit": .string("nimbus_id"), "namespace": .string("ns"), "start": .int(0), "count": .int(count), "total": .int(10_000)])
    }

    static func branches(_ ratios: KeyValuePairs<String, Int>) -> JSONValue {
        .array(ratios.map { slug, ratio in
            .object(["slug": .string(slug), "ratio": .int(ratio),
                     "features": .array([.object(["featureId": .string("homescreen"), "value": .object([:])])])])
        })
    }

    static func client(optedOut: Bool = false, previous: [StoredEnrollment] = [], appId: String = "org.mozilla.ios.Firefox") -> NimbusClient {
        var attributes = TargetingAttributes(appName: "firefox_ios", appId: appId, channel: "release")
        attributes.locale = "en-US"
        return NimbusClient(nimbusID: id, attributes: attributes, experimentsOptOut: optedOut, rolloutsOptOut: optedOut,
                            previousEnrollments: previous)
    }

    @Test(arguments: scenarios)
    func scenario(_ scenario: Scenario) throws {
        var changes = scenario.changes
        if scenario.kind == .labs { changes["isFirefoxLabsOptIn"] = .bool(true) }
        let record = try ExperimentRecord(json: RecordFixtures.record(slug: "exp", isRollout: scenario.kind != .experiment, changes: changes))
        let previous = scenario.earlier.map { [StoredEnrollment(slug: "exp", isRollout: scenario.kind != .experiment, state: $0)] } ?? []
        let outcome = EnrollmentEvolver.evolve(records: scenario.recordIsLive ? [record] : [], client: Self.client(optedOut: scenario.optedOut, previous: previous),
                                               now: Self.now)
        #expect(outcome.results.first?.status == scenario.status)
        #expect(outcome.enrollments.map(\.state) == (scenario.kept.map { [$0] } ?? []))
    }

    /// test_evolve_enrollments_is_already_enrolled_targeting: an enrolled client keeps matching
    /// `is_already_enrolled` after the other half of the targeting stopped matching.
    @Test func alreadyEnrolledKeepsTheClientIn() throws {
        let record = try ExperimentRecord(json: RecordFixtures.record(slug: "another-monkey", changes: [
            "targeting": .string("app_id == 'org.mozilla.fenix' || is_already_enrolled"),
        ]))
        let first = EnrollmentEvolver.evolve(records: [record], client: Self.client(appId: "org.mozilla.fenix"), now: Self.now)
        #expect(first.results[0].status == .enrolled(branch: "control"))
        let second = EnrollmentEvolver.evolve(records: [record], client: Self.client(previous: first.enrollments, appId: "org.mozilla.bobo"), now: Self.now)
        #expect(second.results[0].status == .enrolled(branch: "control"))
        let stranger = EnrollmentEvolver.evolve(records: [record], client: Self.client(appId: "org.mozilla.bobo"), now: Self.now)
        #expect(stranger.results[0].status == .notEnrolled(.notTargeted))
    }

    /// The enrollment sets change as each record is decided: a later record (by `publishedDate`)
    /// sees the earlier one, rollouts are decided before experiments, and `--context` pins a set.
    @Test func laterRecordsSeeEarlierEnrollments() throws {
        let records = try [
            RecordFixtures.record(slug: "follower", featureId: "b", changes: [
                "publishedDate": .string("2024-02-01T00:00:00Z"),
                "targeting": .string("'leader' in active_experiments && enrollments_map['leader'] == 'control' && 'a-rollout' in enrollments"),
            ]),
            RecordFixtures.record(slug: "leader", featureId: "a", changes: ["publishedDate": .string("2024-01-01T00:00:00Z")]),
            RecordFixtures.record(slug: "a-rollout", featureId: "c", isRollout: true, changes: ["publishedDate": .string("2024-03-01T00:00:00Z")]),
        ].map(ExperimentRecord.init(json:))
        let outcome = EnrollmentEvolver.evolve(records: records, client: Self.client(), now: Self.now)
        #expect(outcome.results.map(\.status) == [.enrolled(branch: "control"), .enrolled(branch: "control"), .enrolled(branch: "control")])
        #expect(Set(outcome.attributes.activeExperiments) == ["follower", "leader", "a-rollout"])
        var pinned = Self.client()
        pinned = NimbusClient(nimbusID: Self.id, attributes: pinned.attributes, extraContext: ["active_experiments": .array([])])
        let withPin = EnrollmentEvolver.evolve(records: records, client: pinned, now: Self.now)
        #expect(withPin.results[0].status == .notEnrolled(.notTargeted))
    }

    /// test_evolver_feature_can_have_only_one_experiment, with an earlier enrollment: the client
    /// keeps the record it is in, even when a new one on its feature was published earlier.
    @Test func anEarlierEnrollmentHoldsItsFeatures() throws {
        let records = try [
            RecordFixtures.record(slug: "kept", changes: ["publishedDate": .string("2024-05-01T00:00:00Z")]),
            RecordFixtures.record(slug: "newcomer", changes: ["publishedDate": .string("2024-01-01T00:00:00Z")]),
        ].map(ExperimentRecord.init(json:))
        let previous = [StoredEnrollment(slug: "kept", isRollout: false, state: .enrolled(branch: "control"))]
        let outcome = EnrollmentEvolver.evolve(records: records, client: Self.client(previous: previous), now: Self.now)
        #expect(outcome.results.map(\.status) == [.enrolled(branch: "control"), .notEnrolled(.featureConflict)])
        #expect(outcome.enrollments.map(\.state) == [.enrolled(branch: "control"), .notEnrolled(featureConflict: true)])
        // Without it, the earliest published wins, as for `EnrollmentEvaluator`.
        let fresh = EnrollmentEvolver.evolve(records: records, client: Self.client(), now: Self.now)
        #expect(fresh.results.map(\.status) == EnrollmentEvaluator.evaluate(records: records, client: Self.client()).map(\.status))
        // A feature conflict is evaluated as new the next time: once `kept` ends, `newcomer` enrolls.
        let after = EnrollmentEvolver.evolve(records: [records[1]], client: Self.client(previous: outcome.enrollments), now: Self.now)
        #expect(after.results.map(\.status) == [.enrolled(branch: "control")])
        #expect(after.enrollments.map(\.slug) == ["kept", "newcomer"])
    }

    /// New records of one feature are decided earliest `publishedDate` first, records without a
    /// date before all, and equal dates in record order: the first decided takes the feature.
    @Test(arguments: [
        ([nil, "2024-01-01T00:00:00Z"], 0), (["2024-01-01T00:00:00Z", nil], 1),
        (["2024-02-01T00:00:00Z", "2024-01-01T00:00:00Z", "2024-03-01T00:00:00Z"], 1),
        (["2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z"], 0), ([nil, nil], 0),
        (["2024-03-01T00:00:00Z", "2024-02-01T00:00:00Z", nil, "2024-01-01T00:00:00Z", nil], 2),
    ] as [([String?], Int)])
    func theEarliestPublishedRecordTakesTheFeature(dates: [String?], winner: Int) throws {
        let records = try dates.indices.map { index in
            try ExperimentRecord(json: RecordFixtures.record(slug: "record-\(index)",
                                                             changes: ["publishedDate": dates[index].map(JSONValue.string) ?? .null]))
        }
        let outcome = EnrollmentEvolver.evolve(records: records, client: Self.client(), now: Self.now)
        #expect(outcome.results.map(\.status) == records.indices.map { $0 == winner ? .enrolled(branch: "control") : .notEnrolled(.featureConflict) })
    }

    /// test_evolver_rollouts_do_not_conflict_with_experiments
    @Test func rolloutsAndExperimentsShareFeatures() throws {
        let records = try [
            RecordFixtures.record(slug: "experiment"),
            RecordFixtures.record(slug: "rollout", isRollout: true),
            RecordFixtures.record(slug: "second-rollout", isRollout: true),
        ].map(ExperimentRecord.init(json:))
        let outcome = EnrollmentEvolver.evolve(records: records, client: Self.client(), now: Self.now)
        #expect(outcome.results.map(\.status) == [.enrolled(branch: "control"), .enrolled(branch: "control"), .notEnrolled(.featureConflict)])
    }

    /// An experiment that ended and came back is left out once, then evaluated as new.
    @Test func aReturningExperimentIsNewAfterOneEvaluation() throws {
        let record = try ExperimentRecord(json: RecordFixtures.record(slug: "exp"))
        let ended = EnrollmentEvolver.evolve(records: [], client: Self.client(previous: [StoredEnrollment(slug: "exp", isRollout: false, state: .enrolled(branch: "control"))]), now: Self.now)
        let back = EnrollmentEvolver.evolve(records: [record], client: Self.client(previous: ended.enrollments), now: Self.now)
        #expect(back.results[0].status == .notEnrolled(.endedBefore))
        #expect(back.enrollments.isEmpty)
        let again = EnrollmentEvolver.evolve(records: [record], client: Self.client(previous: back.enrollments), now: Self.now)
        #expect(again.results[0].status == .enrolled(branch: "control"))
    }

    /// The client's enrollments from before are in its context from the start (the SDK's
    /// `update_ta_active_experiments`), and `is_already_enrolled` is per record.
    @Test func previousEnrollmentsAreInTheContext() {
        let client = Self.client(previous: [
            StoredEnrollment(slug: "a", isRollout: false, state: .enrolled(branch: "control")),
            StoredEnrollment(slug: "b", isRollout: true, state: .wasEnrolled(branch: "rollout", endedAt: 0)),
        ])
        #expect(client.context["active_experiments"] == .array([.string("a")]))
        #expect(client.context["enrollments"] == .array([.string("a"), .string("b")]))
        #expect(client.context["is_already_enrolled"] == .bool(false))
        #expect(client.context["nimbus_id"] == .string(Self.id))
        #expect(client.alreadyEnrolledSlugs == ["a"])
    }
}

/// Vectors of application-services `components/nimbus/src/tests/test_evaluator.rs`
/// (`test_enrollment_bucketing`, `test_not_targeted_for_enrollment`, `test_is_experiment_available`).
@Suite struct UpstreamEvaluatorVectorTests {
    @Test(arguments: [
        // test_enrollment_bucketing: this id falls in the first 2,000 of 10,000 buckets of that namespace.
        ("299eed1e-be6d-457d-9e53-da7b1a03f10d", "NimbusTest", "nightly", EnrollmentStatus.enrolled(branch: "control")),
        // test_not_targeted_for_enrollment
        ("299eed1e-be6d-457d-9e53-da7b1a03f10d", "Wrong!", "nightly", .notEnrolled(.otherApp)),
        ("299eed1e-be6d-457d-9e53-da7b1a03f10d", "NimbusTest", "Wrong", .notEnrolled(.otherChannel)),
        // test_is_experiment_available: channels compare case-insensitively.
        ("299eed1e-be6d-457d-9e53-da7b1a03f10d", "NimbusTest", "NIGHTLY", .enrolled(branch: "control")),
    ])
    func availabilityAndBucketing(id: String, appName: String, channel: String, expected: EnrollmentStatus) throws {
        let record = try ExperimentRecord(json: RecordFixtures.record(slug: "TEST_EXP1", changes: [
            "appName": .string("NimbusTest"), "appId": .string("org.example.app"), "channel": .string("nightly"), "targeting": .null,
            "bucketConfig": .object([
                "randomizationUnit": .string("nimbus_id"), "start": .int(0), "count": .int(2000), "total": .int(10000),
                "namespace": .string("bug-1637316-message-aboutwelcome-pull-factor-reinforcement-76-rel-release-76-77"),
            ]),
        ]))
        var attributes = TargetingAttributes(appName: appName, appId: "org.example.app", channel: channel)
        attributes.locale = "en-US"
        let client = NimbusClient(nimbusID: id, attributes: attributes)
        #expect(EnrollmentEvolver.evolve(records: [record], client: client, now: 0).results[0].status == expected)
    }
}

/// The evolver's targeting calls the transforms it is given, for new and earlier enrollments alike.
@Suite struct EnrollmentEvolverTransformTests {
    @Test func targetingCallsTheGivenTransforms() throws {
        let transforms = JEXLTransforms.stateless.adding(["answer": { _, _ throws(JEXLError) in .int(42) }])
        let fresh = try ExperimentRecord(json: RecordFixtures.record(slug: "fresh", featureId: "a", changes: ["targeting": .string("1|answer == 42")]))
        let kept = try ExperimentRecord(json: RecordFixtures.record(slug: "kept", featureId: "b", changes: ["targeting": .string("1|answer == 42")]))
        let client = EnrollmentEvolverTests.client(previous: [StoredEnrollment(slug: "kept", isRollout: false, state: .enrolled(branch: "control"))])
        let outcome = EnrollmentEvolver.evolve(records: [fresh, kept], client: client, now: 0, transforms: transforms)
        #expect(outcome.results.map(\.status) == [.enrolled(branch: "control"), .enrolled(branch: "control")])
        let without = EnrollmentEvolver.evolve(records: [fresh, kept], client: client, now: 0)
        #expect(without.results.map(\.status.isEnrolled) == [false, false], "no such transform: an error, and a disqualification")
        #expect(without.results[1].status == .notEnrolled(.disqualified(.error)))
    }
}
