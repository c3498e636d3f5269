import Testing
@testable import Formats
@testable import Nimbus

/// Records read as the Nimbus SDK's serde model reads them
/// (application-services `components/nimbus/src/schema.rs`: `Experiment`, `Branch`,
/// `FeatureConfig`, `BucketConfig`, `RandomizationUnit`), and the timestamps chrono accepts
/// for `publishedDate: Option<DateTime<Utc>>`.
@Suite struct ExperimentRecordSchemaTests {
    private func bucket(_ changes: [String: JSONValue]) -> JSONValue {
        var members: [String: JSONValue] = ["randomizationUnit": .string("nimbus_id"), "namespace": .string("n"), "start": .int(0), "count": .int(100)]
        for (key, value) in changes { members[key] = value }
        return .object(members)
    }

    private func branch(_ members: [String: JSONValue]) -> JSONValue {
        .array([.object(["slug": .string("a"), "ratio": .int(1)].merging(members) { _, new in new })])
    }

    @Test func theSDKsDefaultsApply() throws {
        // `#[serde(default = "default_buckets")] total`
        let noTotal = try ExperimentRecord(json: RecordFixtures.record(slug: "x", changes: ["bucketConfig": bucket([:])]))
        #expect(noTotal.bucketConfig.total == 10_000)
        // `Branch.features` and `Branch.feature` are both `Option`s: a branch may set no feature.
        let bare = try ExperimentRecord(json: RecordFixtures.record(slug: "x", changes: ["branches": branch([:]), "featureIds": .array([])]))
        #expect(bare.branches[0].features.isEmpty)
        #expect(bare.featureIds.isEmpty)
        // `#[serde(default)] value: Map`
        let noValue = try ExperimentRecord(json: RecordFixtures.record(slug: "x", changes: [
            "branches": branch(["features": .array([.object(["featureId": .string("f")])])]),
        ]))
        #expect(noValue.branches[0].features == [.init(featureId: "f", value: [:])])
        // `#[serde(default)]` booleans and list.
        var json = RecordFixtures.record(slug: "x").objectValue!
        json["isRollout"] = nil
        json["featureIds"] = nil
        let defaults = try ExperimentRecord(json: .object(json))
        #expect(defaults.isRollout == false)
        #expect(defaults.isFirefoxLabsOptIn == false)
        #expect(defaults.featureIds == ["homescreen"])
    }

    /// `Option` fields take `null` as absent; fields the SDK does not model take anything.
    @Test(arguments: ["appName", "appId", "channel", "targeting", "publishedDate", "startDate", "endDate", "proposedDuration",
                      "referenceBranch", "firefoxLabsTitle", "firefoxLabsDescription", "firefoxLabsDescriptionLinks"])
    func nullIsAbsentForOptionalFields(field: String) throws {
        var json = RecordFixtures.record(slug: "x").objectValue!
        json[field] = .null
        _ = try ExperimentRecord(json: .object(json))
    }

    @Test func fieldsTheSDKDoesNotReadAreNeverAReason() throws {
        let record = try ExperimentRecord(json: RecordFixtures.record(slug: "x", changes: [
            "enrollmentEndDate": .int(3), "outcomes": .string("?"), "localizations": .null, "isFirefoxLabsOptIn": .bool(true),
            "firefoxLabsDescriptionLinks": .object(["feedback": .string("https://example.org")]), "requiresRestart": .bool(true),
        ]))
        #expect(record.enrollmentEndDate == nil)
        #expect(record.isFirefoxLabsOptIn)
    }

    /// What serde refuses, with the field named; each such record is dropped by the SDK.
    @Test(arguments: [
        // null where the field is not an `Option` (required, or `#[serde(default)]`)
        (["isRollout": JSONValue.null], "field `isRollout` must be a boolean, found null"),
        (["featureIds": .null], "field `featureIds` must be a list, found null"),
        (["isEnrollmentPaused": .null], "field `isEnrollmentPaused` must be a boolean, found null"),
        (["isFirefoxLabsOptIn": .null], "field `isFirefoxLabsOptIn` must be a boolean, found null"),
        (["requiresRestart": .null], "field `requiresRestart` must be a boolean, found null"),
        (["slug": .null], "field `slug` must be a string, found null"),
        (["branches": .null], "field `branches` must be a list, found null"),
        (["bucketConfig": .null], "field `bucketConfig` must be an object, found null"),
        // wrong kinds
        (["isFirefoxLabsOptIn": .string("true")], "field `isFirefoxLabsOptIn` must be a boolean, found string"),
        (["isFirefoxLabsOptIn": .int(1)], "field `isFirefoxLabsOptIn` must be a boolean, found integer"),
        (["firefoxLabsDescriptionLinks": .object(["feedback": .int(1)])], "field `firefoxLabsDescriptionLinks.feedback` must be a string, found integer"),
        (["firefoxLabsTitle": .bool(true)], "field `firefoxLabsTitle` must be a string, found boolean"),
        (["publishedDate": .int(1_700_000_000)], "field `publishedDate` must be a string, found integer"),
        // integers as serde reads u32 and i32
        (["proposedDuration": .double(28)], "field `proposedDuration` must be an integer, found the number 28.0; the SDK reads it as u32 and refuses a fraction or an exponent, so write it without `.0`"),
        (["proposedEnrollment": .int(-1)], "field `proposedEnrollment` cannot be negative (the SDK reads it as u32)"),
        (["proposedEnrollment": .int(4_294_967_296)], "field `proposedEnrollment` is 4294967296, out of range for the SDK's u32 (0 to 4294967295)"),
    ])
    func refusedAsSerdeRefuses(changes: [String: JSONValue], reason: String) {
        let json = RecordFixtures.record(slug: "x", changes: [:]).objectValue!.merging(changes) { _, new in new }
        #expect(throws: ExperimentRecordError(reason)) { try ExperimentRecord(json: .object(json)) }
    }

    @Test func nestedFieldsAreRefusedWithTheirPath() {
        let cases: [(JSONValue, String, String)] = [
            (bucket(["total": .null]), "bucketConfig", "field `bucketConfig.total` must be an integer, found null"),
            (bucket(["start": .double(0)]), "bucketConfig", "field `bucketConfig.start` must be an integer, found the number 0.0; the SDK reads it as u32 and refuses a fraction or an exponent, so write it without `.0`"),
            (bucket(["count": .double(1000)]), "bucketConfig", "field `bucketConfig.count` must be an integer, found the number 1000.0; the SDK reads it as u32 and refuses a fraction or an exponent, so write it without `.0`"),
            (bucket(["namespace": .null]), "bucketConfig", "field `bucketConfig.namespace` must be a string, found null"),
            (branch(["ratio": .double(1)]), "branches", "field `branches[0].ratio` must be an integer, found the number 1.0; the SDK reads it as i32 and refuses a fraction or an exponent, so write it without `.0`"),
            (branch(["ratio": .int(2_147_483_648)]), "branches", "field `branches[0].ratio` is 2147483648, out of range for the SDK's i32 (-2147483648 to 2147483647)"),
            (branch(["features": .array([.object(["featureId": .string("f"), "value": .null])])]), "branches",
             "field `branches[0].features[0].value` must be an object, found null"),
            (branch(["features": .array([.object(["value": .object([:])])])]), "branches", "missing required field `branches[0].features[0].featureId`"),
            // Both are read when present, so a broken `feature` drops the record beside a good `features`.
            (branch(["features": .array([]), "feature": .object(["featureId": .int(1)])]), "branches", "field `branches[0].feature.featureId` must be a string, found integer"),
        ]
        for (value, field, reason) in cases {
            #expect(throws: ExperimentRecordError(reason), "\(reason)") {
                try ExperimentRecord(json: RecordFixtures.record(slug: "x", changes: [field: value]))
            }
        }
    }

    /// `RandomizationUnit` is `nimbus_id` or `user_id`: desktop's units fail to deserialize, so
    /// the SDK drops those records, and so does the set, naming the slug.
    @Test(arguments: ["normandy_id", "group_id", "NIMBUS_ID"])
    func desktopRandomizationUnitsAreDropped(unit: String) throws {
        let set = try ExperimentRecordSet.parse(.object(["data": .array([
            RecordFixtures.record(slug: "desktop-exp", changes: ["bucketConfig": bucket(["randomizationUnit": .string(unit)])]),
            RecordFixtures.record(slug: "mobile-exp"),
        ])]))
        #expect(set.records.map(\.slug) == ["mobile-exp"])
        #expect(set.skipped.map(\.description) == [
            "desktop-exp: field `bucketConfig.randomizationUnit` is `\(unit)`, a unit mobile clients do not have (the SDK reads only `nimbus_id` and `user_id`), so the SDK drops this record; mobile records use `nimbus_id`",
        ])
    }

    /// chrono's `DateTime<FixedOffset>::from_str` (relaxed RFC 3339), which `DateTime<Utc>`'s
    /// serde uses.
    @Test(arguments: [
        ("2024-01-02T03:04:05Z", true), ("2024-01-02T03:04:05.123456Z", true), ("2024-01-02T03:04:05.1234567891Z", true),
        ("2024-01-02t03:04:05z", true), ("2024-01-02 03:04:05+01:00", true), ("2024-01-02T03:04:05-0130", true),
        ("2024-01-02T03:04:05 UTC", true), ("2024-01-02T03:04:05 +01:00", true), ("2024-02-29T00:00:00Z", true),
        ("2024-12-31T23:59:60Z", true),
        ("2024-01-02", false), ("yesterday", false), ("", false), ("2024-13-01T00:00:00Z", false), ("2023-02-29T00:00:00Z", false),
        ("2024-01-02T03:04Z", false), ("2024-01-02T03:04:05", false), ("2024-01-02T03:04:05+01", false), ("2024-01-02T24:00:00Z", false),
        ("2024-01-02T03:04:05.Z", false), ("2024-01-02X03:04:05Z", false), ("2024-01-02T03:04:05Zjunk", false), ("24-01-02T03:04:05Z", false),
    ])
    func publishedDateIsRFC3339(date: String, valid: Bool) {
        let json = RecordFixtures.record(slug: "dated", changes: ["publishedDate": .string(date)])
        if valid {
            #expect((try? ExperimentRecord(json: json))?.publishedDate == date)
        } else {
            #expect(throws: ExperimentRecordError("field `publishedDate` is '\(date)', not an RFC 3339 timestamp (like 2024-01-02T03:04:05Z); the SDK drops a record whose date it cannot read")) {
                try ExperimentRecord(json: json)
            }
        }
    }

    @Test func aFirefoxLabsOptInIsNeverEnrolledByEvaluation() throws {
        let record = try ExperimentRecord(json: RecordFixtures.record(slug: "labs", isRollout: true, changes: ["isFirefoxLabsOptIn": .bool(true)]))
        let client = NimbusClient(nimbusID: "542213c0-9aef-47eb-bc6b-3b8529736ba2", appName: "firefox_ios", appId: "x", channel: "release")
        #expect(EnrollmentEvaluator.evaluate(records: [record], client: client)[0].status == .notEnrolled(.firefoxLabsOptIn))
    }
}
