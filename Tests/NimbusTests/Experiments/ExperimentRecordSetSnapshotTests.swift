import Foundation
@testable import Formats
@testable import Nimbus
import Testing

/// A record set read back from a snapshot must be the set that was written: every field the
/// enrollment reads, the full JSON of each record, and the skipped records with their reasons.
@Suite struct ExperimentRecordSetSnapshotTests {
    func roundTrip(_ set: ExperimentRecordSet) throws -> ExperimentRecordSet {
        var writer = SnapshotWriter()
        set.write(to: &writer)
        var reader = try SnapshotReader(writer.finish())
        let again = try ExperimentRecordSet(snapshot: &reader)
        #expect(reader.isAtEnd)
        return again
    }

    func expectSame(_ a: ExperimentRecordSet, _ b: ExperimentRecordSet) {
        #expect(a.records.count == b.records.count)
        for (x, y) in zip(a.records, b.records) {
            #expect(x.slug == y.slug && x.schemaVersion == y.schemaVersion)
            #expect(x.userFacingName == y.userFacingName && x.userFacingDescription == y.userFacingDescription)
            #expect(x.isEnrollmentPaused == y.isEnrollmentPaused && x.bucketConfig == y.bucketConfig && x.branches == y.branches)
            #expect(x.proposedEnrollment == y.proposedEnrollment && x.proposedDuration == y.proposedDuration)
            #expect(x.appName == y.appName && x.appId == y.appId && x.channel == y.channel && x.isRollout == y.isRollout)
            #expect(x.targeting == y.targeting && x.targetingExpression == y.targetingExpression)
            #expect(x.targetingError.map(String.init(describing:)) == y.targetingError.map(String.init(describing:)))
            #expect(x.featureIds == y.featureIds && x.referenceBranch == y.referenceBranch)
            #expect(x.publishedDate == y.publishedDate && x.startDate == y.startDate)
            #expect(x.endDate == y.endDate && x.enrollmentEndDate == y.enrollmentEndDate)
            #expect(x.json == y.json, "the full record of \(x.slug)")
            #expect(x == y)
        }
        #expect(a.skipped == b.skipped)
    }

    @Test func everyFieldAndTheWholeRecordComeBack() throws {
        let records: [JSONValue] = [
            RecordFixtures.record(slug: "full", branches: [("control", 1, .object(["enabled": .bool(false)])),
                                                         ("treatment", 3, .object(["enabled": .bool(true), "title": .string("Ünïcode ✓")]))],
                                  changes: ["startDate": .string("2026-01-01"), "endDate": .string("2026-02-01"),
                                            "enrollmentEndDate": .string("2026-01-15"), "proposedDuration": .int(30),
                                            "referenceBranch": .string("control"), "publishedDate": .string("2026-01-01T00:00:00Z"),
                                            "localizations": .object(["fr": .object(["x": .string("y")])]), "extra": .double(0.5)]),
            RecordFixtures.record(slug: "bare", isRollout: true,
                                  changes: ["appName": .null, "appId": .null, "channel": .null, "targeting": .null]),
            RecordFixtures.record(slug: "bad-targeting", changes: ["targeting": .string("days_since_install <")]),
            RecordFixtures.record(slug: "no-branches", changes: ["branches": .array([])]),
            RecordFixtures.record(slug: "full"),
        ]
        let set = try ExperimentRecordSet.parse(.object(["data": .array(records)]))
        #expect(set.records.count == 3 && set.skipped.count == 2, "the fixture has good, odd and skipped records")
        let again = try roundTrip(set)
        expectSame(again, set)
        #expect(again.records[2].targetingError != nil, "a syntax error still belongs to its record")
    }

    @Test(.enabled(if: MozillaNimbusSchemas.directory != nil, "Python cannot import mozilla_nimbus_schemas (run .ci/run, or see the README's set-up)"))
    func mozillasFixtureRecordsComeBack() throws {
        var elements: [JSONValue] = []
        for file in MozillaNimbusSchemas.experimentFixtures() {
            let json = try JSONParser.parse(bytes: try Data(contentsOf: file), file: file.path)
            if case .array(let data)? = json["data"] { elements += data } else { elements.append(json) }
        }
        let set = try ExperimentRecordSet.parse(.object(["data": .array(elements)]))
        #expect(!set.records.isEmpty)
        expectSame(try roundTrip(set), set)
    }

    @Test func aCutShortSnapshotIsMalformedNotACrash() throws {
        let set = try ExperimentRecordSet.parse(.object(["data": .array([RecordFixtures.record(slug: "a"), RecordFixtures.record(slug: "b")])]))
        var writer = SnapshotWriter()
        set.write(to: &writer)
        let bytes = writer.finish()
        var reachedTheRecords = 0, cuts = 0
        for length in stride(from: 0, to: bytes.count, by: 7) {
            let prefix = Array(bytes.prefix(length))
            #expect(throws: SnapshotReader.Malformed.self, "cut at \(length) of \(bytes.count) bytes") {
                var reader = try SnapshotReader(prefix)
                _ = try ExperimentRecordSet(snapshot: &reader)
            }
            if (try? SnapshotReader(prefix)) != nil { reachedTheRecords += 1 }
            cuts += 1
        }
        // Many cuts must get past the reader's own checks to the records, or this tests only those.
        #expect(reachedTheRecords * 4 > cuts, "\(reachedTheRecords) of \(cuts) cuts reached the records")
    }
}
