@testable import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing
import TestTraits

/// The cache's own rules, whatever it holds (the registry's are in `RegistrySnapshotTests`).
@Suite(.blocking) struct SnapshotCacheTests {
    @Test func theFolderFollowsXDGAndCanBeTurnedOff() {
        #expect(SnapshotCache(environment: ["HOME": "/home/qa"]).folder == "/home/qa/.cache/feature-flags/snapshots")
        #expect(SnapshotCache(environment: ["HOME": "/home/qa", "XDG_CACHE_HOME": "/c"]).folder == "/c/feature-flags/snapshots")
        #expect(SnapshotCache(environment: ["HOME": "/home/qa", "FLAGS_NO_CACHE": "1"]).folder == nil)
        #expect(SnapshotCache(environment: ["HOME": "/home/qa", "FLAGS_NO_CACHE": "0"]).folder != nil)
        #expect(SnapshotCache(environment: [:]).folder == nil)
    }

    @Test func aSnapshotIsReadOnlyAsTheKindAndKeyItWasWrittenFor() throws {
        let folder = TemporaryDirectory()
        let source = folder.write("{}", to: "source.json")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: source)
        usleep(80_000)  // the change time just moved; files changed in the last 50 ms are not snapshotted
        let cache = SnapshotCache(folder: folder.file("cache"))
        cache.write(kind: "numbers", key: source, sources: [source], readStarted: SnapshotCache.now()) { $0.write(42) }
        let read = { (reader: inout SnapshotReader) throws(SnapshotReader.Malformed) in try reader.readInt() }
        #expect(cache.read(kind: "numbers", key: source, read) == 42)
        #expect(cache.path(kind: "words", key: source) != cache.path(kind: "numbers", key: source))
        #expect(SnapshotCache.read(cache.path(kind: "numbers", key: source)!, kind: "words", key: source, read) == nil,
                "a snapshot of another kind is never decoded as this one")
        #expect(SnapshotCache(folder: nil).read(kind: "numbers", key: source, read) == nil)
        folder.write("{ }", to: "source.json")
        #expect(cache.read(kind: "numbers", key: source, read) == nil, "its source changed")
    }

    @Test func snapshotsUnusedForAMonthAreDeletedWhenAnotherIsWritten() throws {
        let app = RegistrySnapshotTests.App()
        let cache = app.folder.file("cache")
        app.folder.write("old", to: "cache/0123.snapshot")
        app.folder.write("recent", to: "cache/4567.snapshot")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-31 * 86_400)], ofItemAtPath: cache + "/0123.snapshot")
        _ = try app.snapshots.load(path: app.registryPath)
        let names = try FileManager.default.contentsOfDirectory(atPath: cache)
        #expect(!names.contains("0123.snapshot") && names.contains("4567.snapshot") && names.count == 2)
    }
}
