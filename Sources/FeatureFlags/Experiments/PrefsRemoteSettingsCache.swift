#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Nimbus
import Prefs

/// The offline cache of a Remote Settings collection, kept in the app's store so every process
/// (the app, the menu, `flags`) shares the last good answer.
///
/// One cache per collection address; its four fields are written in one transaction.
///
/// ```swift
/// let cache = PrefsRemoteSettingsCache(prefs: prefs, url: client.recordsURL)
/// RemoteExperimentsLoader(client: client, cache: cache).loadBlocking()
/// ```
public struct PrefsRemoteSettingsCache: RemoteSettingsCache {
    private let prefs: Prefs

    public init(prefs: Prefs, url: URL) {
        self.prefs = prefs.branch("remoteSettings").branch(url.absoluteString)
    }

    public func load() throws -> RemoteSettingsCacheEntry? {
        let entries = prefs.allEntries()
        guard !entries.isEmpty else { return nil }
        return RemoteSettingsCacheEntry(
            recordsText: entries["records"]?.value.stringValue,
            etag: entries["etag"]?.value.stringValue,
            fetchedAt: entries["fetchedAt"]?.value.intValue.map { Date(timeIntervalSince1970: Double($0)) },
            backoffUntil: entries["backoffUntil"]?.value.intValue.map { Date(timeIntervalSince1970: Double($0)) })
    }

    public func save(_ entry: RemoteSettingsCacheEntry) throws {
        func change(_ key: String, _ value: PrefValue?) -> PrefChange { value.map { .set(key, $0) } ?? .remove(key) }
        try prefs.apply([
            change("records", entry.recordsText.map(PrefValue.string)),
            change("etag", entry.etag.map(PrefValue.string)),
            change("fetchedAt", entry.fetchedAt.map { .int(Int($0.timeIntervalSince1970)) }),
            change("backoffUntil", entry.backoffUntil.map { .int(Int($0.timeIntervalSince1970.rounded(.up))) }),
        ])
    }
}
