@testable import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Nimbus
import Prefs
import Testing
import TestTraits

/// Records read from a file are snapshotted, and the snapshot never changes what a start sees.
@Suite(.blocking) struct ExperimentsLoaderTests {
    let folder = TemporaryDirectory()
    var path: String { folder.file("experiments.json") }
    var cache: SnapshotCache { SnapshotCache(folder: folder.file("cache")) }

    func writeRecords(_ slugs: [String], backdated: Bool = true) {
        let records = slugs.map { slug in
            """
            {"schemaVersion": "1.12.0", "slug": "\(slug)", "userFacingName": "N", "userFacingDescription": "D",
             "isEnrollmentPaused": false, "proposedEnrollment": 7, "targeting": "true",
             "bucketConfig": {"randomizationUnit": "nimbus_id", "namespace": "ns", "start": 0, "count": 10000, "total": 10000},
             "branches": [{"slug": "on", "ratio": 1, "features": [{"featureId": "f", "value": {"enabled": true}}]}]}
            """
        }
        folder.write("{\"data\": [\(records.joined(separator: ","))]}", to: "experiments.json")
        if backdated {
            try! FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: path)
            usleep(80_000)  // files whose change time moved in the last 50 ms are not snapshotted
        }
    }

    func load() -> ExperimentsLoader.Loaded {
        ExperimentsLoader.load(.file(path), prefs: InMemoryPrefs(), policy: .cacheOnly, snapshots: cache)
    }

    var snapshotFile: String { cache.path(kind: ExperimentsLoader.snapshotKind, key: path)! }

    @Test func aSecondLoadReadsTheSnapshotAndGetsTheSameRecords() throws {
        writeRecords(["a", "b"])
        let first = load()
        #expect(FileManager.default.fileExists(atPath: snapshotFile))
        #expect(cache.read(kind: ExperimentsLoader.snapshotKind, key: path, ExperimentRecordSet.init(snapshot:))?.records.map(\.slug) == ["a", "b"])
        let second = load()
        #expect(second.problem == nil)
        #expect(second.records?.records.map(\.slug) == ["a", "b"])
        #expect(second.records == first.records, "every record, its full JSON included")
    }

    @Test func anEditedFileIsReadAgain() throws {
        writeRecords(["a"])
        _ = load()
        writeRecords(["a", "c"])
        #expect(load().records?.records.map(\.slug) == ["a", "c"])
    }

    @Test func aBrokenOrRecentFileIsNotSnapshotted() throws {
        folder.write("{\"data\": [", to: "experiments.json")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: path)
        usleep(80_000)
        #expect(load().problem?.contains("experiments.json:1:") == true, "the error names the file, line and column")
        #expect(!FileManager.default.fileExists(atPath: snapshotFile))
        writeRecords(["a"], backdated: false)
        // Dated after the read starts however slow the machine: what a write during the read looks like.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: path)
        #expect(load().records?.records.count == 1)
        #expect(!FileManager.default.fileExists(atPath: snapshotFile), "a file written during the read could be half read")
    }
}
