import Testing
@testable import Formats
@testable import Nimbus

@Suite struct ExperimentRecordTests {
    @Test func readsRequiredAndOptionalFields() throws {
        let record = try ExperimentRecord(json: RecordFixtures.record(
            slug: "exp-1",
            branches: [("control", 1, .object(["a": .int(1)])), ("treatment", 3, .object(["a": .int(2)]))],
            start: 10, count: 20, total: 100,
            changes: ["publishedDate": .string("2024-01-02T00:00:00Z"), "endDate": .null, "outcomes": .array([])]
        ))
        #expect(record.slug == "exp-1")
        #expect(record.schemaVersion == "1.12.0")
        #expect(record.isEnrollmentPaused == false)
        #expect(record.bucketConfig == .init(randomizationUnit: "nimbus_id", namespace: "exp-1-ns", start: 10, count: 20, total: 100))
        #expect(record.branches.map(\.slug) == ["control", "treatment"])
        #expect(record.branches.map(\.ratio) == [1, 3])
        #expect(record.branch(named: "treatment")?.value(for: "homescreen") == ["a": .int(2)])
        #expect(record.appName == "firefox_ios")
        #expect(record.channel == "release")
        #expect(record.targeting == "true")
        #expect(record.isRollout == false)
        #expect(record.featureIds == ["homescreen"])
        #expect(record.publishedDate == "2024-01-02T00:00:00Z")
        #expect(record.endDate == nil)
        #expect(record.proposedEnrollment == 7)
    }

    @Test func readsTheOlderSingleFeatureShape() throws {
        var json = RecordFixtures.record(slug: "legacy").objectValue!
        json["branches"] = .array([.object([
            "slug": .string("only"), "ratio": .int(1),
            "feature": .object(["featureId": .string("search"), "enabled": .bool(true), "value": .object(["x": .bool(true)])]),
        ])])
        json["featureIds"] = nil
        let record = try ExperimentRecord(json: .object(json))
        #expect(record.branches[0].features == [.init(featureId: "search", value: ["x": .bool(true)])])
        #expect(record.featureIds == ["search"])
    }

    @Test(arguments: [
        ("schemaVersion", "missing required field `schemaVersion`"),
        ("slug", "missing required field `slug`"),
        ("userFacingName", "missing required field `userFacingName`"),
        ("userFacingDescription", "missing required field `userFacingDescription`"),
        ("isEnrollmentPaused", "missing required field `isEnrollmentPaused`"),
        ("bucketConfig", "missing required field `bucketConfig`"),
        ("branches", "missing required field `branches`"),
        ("proposedEnrollment", "missing required field `proposedEnrollment`"),
    ])
    func missingRequiredFieldIsNamed(field: String, reason: String) {
        let json = RecordFixtures.record(slug: "x", changes: [field: .null])
        #expect(throws: ExperimentRecordError(reason)) { try ExperimentRecord(json: json) }
    }

    @Test(arguments: [
        (["isEnrollmentPaused": JSONValue.string("no")], "field `isEnrollmentPaused` must be a boolean, found string"),
        (["bucketConfig": .object(["randomizationUnit": .string("nimbus_id"), "namespace": .string("n"), "start": .int(0), "count": .string("1"), "total": .int(1)])],
         "field `bucketConfig.count` must be an integer, found string"),
        (["bucketConfig": .object(["randomizationUnit": .string("nimbus_id"), "namespace": .string("n"), "start": .int(0), "count": .int(1), "total": .int(0)])],
         "field `bucketConfig.total` must be positive"),
        (["branches": .array([])], "field `branches` is empty"),
        (["branches": .array([.object(["slug": .string("a"), "ratio": .int(0), "features": .array([])])])], "field `branches` has ratios that add up to 0"),
        (["branches": .array([.object(["slug": .string("a"), "ratio": .int(-1), "features": .array([])])])], "field `branches[0].ratio` cannot be negative"),
        (["branches": .array([.object(["slug": .string("a"), "ratio": .int(1), "features": .array([.object(["featureId": .string("f"), "value": .int(3)])])])])],
         "field `branches[0].features[0].value` must be an object, found integer"),
        (["channel": .int(1)], "field `channel` must be a string, found integer"),
        (["featureIds": .array([.string("a"), .int(2)])], "field `featureIds[1]` must be a string, found integer"),
    ])
    func wrongFieldIsNamed(changes: [String: JSONValue], reason: String) {
        let json = RecordFixtures.record(slug: "x", changes: changes)
        #expect(throws: ExperimentRecordError(reason)) { try ExperimentRecord(json: json) }
    }

    /// serde_json reads `7.0` as a float, which a `u32` field refuses: the SDK drops the record.
    @Test func aFloatIsNotAnInteger() throws {
        for value in [7.0, 7.5] {
            let json = RecordFixtures.record(slug: "x", changes: ["proposedEnrollment": .double(value)])
            #expect(throws: ExperimentRecordError("field `proposedEnrollment` must be an integer, found the number \(value); the SDK reads it as u32 and refuses a fraction or an exponent, so write it without `.0`")) {
                try ExperimentRecord(json: json)
            }
        }
    }

    @Test func setSkipsBadRecordsAndKeepsTheRest() throws {
        let json: JSONValue = .object(["data": .array([
            RecordFixtures.record(slug: "good-1"),
            RecordFixtures.record(slug: "no-bucket", changes: ["bucketConfig": .null]),
            .string("not a record"),
            RecordFixtures.record(slug: "good-1"),
            RecordFixtures.record(slug: "good-2"),
        ])])
        let set = try ExperimentRecordSet.parse(json)
        #expect(set.records.map(\.slug) == ["good-1", "good-2"])
        #expect(set.skipped == [
            SkippedRecord(name: "no-bucket", index: 1, reason: "missing required field `bucketConfig`"),
            SkippedRecord(name: "record #2", index: 2, reason: "expected an object, found string"),
            SkippedRecord(name: "good-1", index: 3, reason: "duplicate slug `good-1`; the first record with it is used"),
        ])
    }

    @Test func setNeedsTheDataEnvelope() {
        #expect(throws: ExperimentRecordError("missing required field `data`")) {
            try ExperimentRecordSet.parse(.object([:]))
        }
        #expect(throws: ExperimentRecordError.self) { try ExperimentRecordSet.parse(.array([])) }
    }
}
