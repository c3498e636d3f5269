import Testing
@testable import Formats
@testable import Nimbus

@Suite struct ExperimentRecordSetDiffTests {
    func set(_ records: JSONValue...) throws -> ExperimentRecordSet {
        ExperimentRecordSet(records: try records.map { try ExperimentRecord(json: $0) })
    }

    @Test func reportsAddedRemovedAndChangedSlugsSorted() throws {
        let old = try set(RecordFixtures.record(slug: "keep"), RecordFixtures.record(slug: "gone"), RecordFixtures.record(slug: "edit"))
        let new = try set(
            RecordFixtures.record(slug: "zeta-new"), RecordFixtures.record(slug: "keep"),
            RecordFixtures.record(slug: "edit", changes: ["last_modified": .int(2)]), RecordFixtures.record(slug: "alpha-new")
        )
        let diff = ExperimentRecordSetDiff(old: old, new: new)
        #expect(diff == ExperimentRecordSetDiff(added: ["alpha-new", "zeta-new"], removed: ["gone"], changed: ["edit"]))
        #expect(!diff.isEmpty)
    }

    @Test func nothingBeforeMeansEverythingIsAdded() throws {
        let diff = ExperimentRecordSetDiff(old: nil, new: try set(RecordFixtures.record(slug: "b"), RecordFixtures.record(slug: "a")))
        #expect(diff == ExperimentRecordSetDiff(added: ["a", "b"]))
    }

    @Test func identicalSetsHaveAnEmptyDiff() throws {
        let records = try set(RecordFixtures.record(slug: "a"))
        #expect(ExperimentRecordSetDiff(old: records, new: records).isEmpty)
    }
}
