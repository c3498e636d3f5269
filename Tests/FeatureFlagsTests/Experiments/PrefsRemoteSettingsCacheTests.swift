@testable import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import RemoteSettings
import Prefs
import Testing

/// The offline cache in a real store file: kept out of the snapshot every flag check loads,
/// read back by another connection, migrated from where older versions kept it, and keyed
/// without credentials, query or fragment.
@Suite struct PrefsRemoteSettingsCacheTests {
    let folder = TemporaryDirectory()
    var storePath: String { folder.file("state/prefs.sqlite") }
    let url = URL(string: "https://rs.example/v1/buckets/main/collections/nimbus-mobile-experiments/records")!

    func entry(records: Int) -> RemoteSettingsCacheEntry {
        let list = (0..<records).map { #"{"id": "record-\#($0)", "slug": "record-\#($0)", "padding": "\#(String(repeating: "x", count: 500))"}"# }
        return RemoteSettingsCacheEntry(recordsText: #"{"data": [\#(list.joined(separator: ", "))]}"#, etag: #""42""#,
                                        fetchedAt: Date(timeIntervalSince1970: 1_800_000_000),
                                        backoffUntil: Date(timeIntervalSince1970: 1_800_000_060))
    }

    @Test func theRecordsStayOutOfTheSnapshotThatFlagReadersLoad() throws {
        let saved = entry(records: 2_000)  // about a megabyte
        try PrefsRemoteSettingsCache(prefs: try SQLitePrefs(path: storePath), url: url).save(saved)

        let reader = try SQLitePrefs(path: storePath)
        let snapshot = reader.allEntries()
        let snapshotBytes = snapshot.reduce(0) { $0 + $1.key.utf8.count + ($1.value.value.stringValue?.utf8.count ?? 8) }
        #expect(snapshotBytes < 1_000, "the snapshot holds \(snapshotBytes) bytes: \(snapshot.keys.sorted())")
        #expect(!snapshot.keys.contains { $0.hasPrefix("remoteSettings.") })
        #expect(try PrefsRemoteSettingsCache(prefs: reader, url: url).load() == saved, "another connection reads the whole entry back")
        #expect(PrefsRemoteSettingsCache(prefs: reader, url: url).fetchedAt() == saved.fetchedAt)
    }

    @Test func anEntryAnOlderVersionKeptAmongThePreferencesIsReadThenMovedOut() throws {
        let old = entry(records: 3)
        let prefs = try SQLitePrefs(path: storePath)
        let branch = "remoteSettings." + url.absoluteString + "."
        try prefs.apply([
            .set(branch + "records", .string(old.recordsText!)), .set(branch + "etag", .string(old.etag!)),
            .set(branch + "fetchedAt", .int(1_800_000_000)), .set(branch + "backoffUntil", .int(1_800_000_060)),
            // Another collection's entry, under a key the new cache never reads.
            .set("remoteSettings.https://u:p@old.example/records#x.records", .string("{}")),
            .set("tipJarDebugKey", .bool(true)),
        ])

        #expect(try PrefsRemoteSettingsCache(prefs: prefs, url: url).load() == old)
        let reopened = try SQLitePrefs(path: storePath)
        #expect(reopened.allEntries().keys.sorted() == ["tipJarDebugKey"], "every old cache key is gone; other preferences stay")
        #expect(try PrefsRemoteSettingsCache(prefs: reopened, url: url).load() == old)
    }

    @Test func credentialsQueryAndFragmentNeverReachTheStore() throws {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        components.user = "reader"
        components.password = "s3cret"
        components.query = "_since=77"
        components.fragment = "frag"
        let saved = entry(records: 1)
        try PrefsRemoteSettingsCache(prefs: try SQLitePrefs(path: storePath), url: components.url!).save(saved)

        #expect(try PrefsRemoteSettingsCache(prefs: try SQLitePrefs(path: storePath), url: url).load() == saved, "one key for every spelling")
        for file in [storePath, storePath + "-wal"] {
            let bytes = FileManager.default.contents(atPath: file) ?? Data()
            for secret in ["s3cret", "reader", "_since", "#frag"] {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file) holds \(secret)")
            }
        }
    }

    @Test func aStoreWithoutDocumentsReadsAsEmpty() throws {
        let prefs = try SQLitePrefs(path: storePath)
        #expect(try prefs.documents(forKeys: ["a"]).isEmpty)
        #expect(try PrefsRemoteSettingsCache(prefs: prefs, url: url).load() == nil)
        try prefs.apply(documents: ["a": "1", "b": "2"], changes: [.set("c", .int(3))])
        #expect(try prefs.documents(forKeys: ["a", "b", "z"]) == ["a": "1", "b": "2"])
        try prefs.apply(documents: ["a": nil], changes: [])
        #expect(try SQLitePrefs(path: storePath).documents(forKeys: ["a", "b"]) == ["b": "2"])
        #expect(prefs.allEntries().keys.sorted() == ["c"])
    }
}
