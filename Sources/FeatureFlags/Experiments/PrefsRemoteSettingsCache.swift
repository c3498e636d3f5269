import Platform
import Formats
import RemoteSettings
import Prefs

/// The offline cache of a Remote Settings collection, kept in the app's store so every process
/// (the app, the menu, `flags`) shares the last good answer.
///
/// One cache per collection address, keyed by the address without `user:password@`, query or
/// fragment (`RemoteSettingsClient.recordsURL`'s form), so credentials never reach the store.
/// The entry is kept as two documents (`Prefs.documents(forKeys:)`), the records and a small
/// state (ETag, fetch time, back-off), written in one transaction: never among the preferences,
/// whose snapshot every process that checks a flag loads whole. An entry kept as four preferences
/// under `remoteSettings.<url>.` (stores written by earlier builds) is still read, moved to
/// documents on first use, and every such key is removed by the next save.
///
/// ```swift
/// let cache = PrefsRemoteSettingsCache(prefs: prefs, url: client.recordsURL)
/// RemoteExperimentsLoader(client: client, cache: cache).loadBlocking()
/// ```
public struct PrefsRemoteSettingsCache: RemoteSettingsCache {
    private let prefs: Prefs
    private let recordsKey: String
    private let stateKey: String
    /// Where versions before documents kept this collection's entry.
    private let legacy: Prefs

    /// The prefix of every key the cache ever used among the preferences.
    static let legacyPrefix = "remoteSettings."

    public init(prefs: Prefs, url: URL) {
        let address = Self.address(of: url)
        self.prefs = prefs
        recordsKey = Self.legacyPrefix + address + ".records"
        stateKey = Self.legacyPrefix + address + ".state"
        legacy = prefs.branch("remoteSettings").branch(address)
    }

    /// `url` without credentials, query or fragment: what names the collection.
    static func address(of url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.url?.absoluteString ?? url.absoluteString
    }

    public func load() throws -> RemoteSettingsCacheEntry? {
        let documents = try prefs.documents(forKeys: [recordsKey, stateKey])
        if documents.isEmpty { return migrateLegacyEntry() }
        var entry = documents[stateKey].map(Self.decodeState) ?? RemoteSettingsCacheEntry()
        entry.recordsText = documents[recordsKey]
        return entry
    }

    /// When the records were last fetched, read without the records themselves (the menu's header).
    public func fetchedAt() -> Date? {
        if let state = try? prefs.documents(forKeys: [stateKey])[stateKey] { return Self.decodeState(state).fetchedAt }
        return legacy.entry(forKey: "fetchedAt")?.value.intValue.map { Date(timeIntervalSince1970: Double($0)) }
    }

    public func save(_ entry: RemoteSettingsCacheEntry) throws {
        // Whatever an older version left among the preferences goes in the same transaction.
        let leftovers = prefs.allEntries().keys.filter { $0.hasPrefix(Self.legacyPrefix) }.sorted().map { PrefChange.remove($0) }
        try prefs.apply(documents: [recordsKey: entry.recordsText, stateKey: Self.encodeState(entry)], changes: leftovers)
    }

    /// An entry an older version stored among the preferences, moved to documents when the store
    /// can be written (a read-only store keeps serving it from where it is).
    private func migrateLegacyEntry() -> RemoteSettingsCacheEntry? {
        let entries = legacy.allEntries()
        guard !entries.isEmpty else { return nil }
        let entry = RemoteSettingsCacheEntry(
            recordsText: entries["records"]?.value.stringValue,
            etag: entries["etag"]?.value.stringValue,
            fetchedAt: entries["fetchedAt"]?.value.intValue.map { Date(timeIntervalSince1970: Double($0)) },
            backoffUntil: entries["backoffUntil"]?.value.intValue.map { Date(timeIntervalSince1970: Double($0)) })
        try? save(entry)
        return entry
    }

    private static func encodeState(_ entry: RemoteSettingsCacheEntry) -> String {
        var state: [String: JSONValue] = [:]
        if let etag = entry.etag { state["etag"] = .string(etag) }
        if let fetchedAt = entry.fetchedAt { state["fetchedAt"] = .int(Int(fetchedAt.timeIntervalSince1970)) }
        if let until = entry.backoffUntil { state["backoffUntil"] = .int(Int(until.timeIntervalSince1970.rounded(.up))) }
        return JSONValue.object(state).compactText
    }

    /// A state that does not read is an entry without ETag or times: the records are then
    /// fetched again in full, which is the safe way to recover.
    private static func decodeState(_ text: String) -> RemoteSettingsCacheEntry {
        guard let state = try? JSONParser.parse(text, file: "cached state") else { return RemoteSettingsCacheEntry() }
        return RemoteSettingsCacheEntry(
            etag: state["etag"]?.stringValue,
            fetchedAt: state["fetchedAt"]?.intValue.map { Date(timeIntervalSince1970: Double($0)) },
            backoffUntil: state["backoffUntil"]?.intValue.map { Date(timeIntervalSince1970: Double($0)) })
    }
}
