/// Where `RemoteExperimentsLoader` keeps the last good records of one collection, their
/// `ETag`, when they were fetched, and the server's "don't ask before" time.
///
/// Use one cache per collection (preview and live records must not overwrite each other).
/// Implement it over any durable store, e.g. a prefs database, writing the entry's fields in
/// one transaction; `InMemoryRemoteSettingsCache` is the implementation for tests and for
/// runs that should not remember anything. Errors thrown here are reported in the loader's
/// result (`cacheProblem`) and never stop records from being used.
///
/// ```swift
/// final class PrefsRemoteSettingsCache: RemoteSettingsCache {
///     func load() throws -> RemoteSettingsCacheEntry? { /* read four prefs */ }
///     func save(_ entry: RemoteSettingsCacheEntry) throws { /* write them in one transaction */ }
/// }
/// ```
public protocol RemoteSettingsCache: Sendable {
    /// The stored entry, or nil when nothing was ever saved.
    func load() throws -> RemoteSettingsCacheEntry?
    /// Replaces the stored entry with `entry`.
    func save(_ entry: RemoteSettingsCacheEntry) throws
}
