import Synchronization

/// A `RemoteSettingsCache` that lives as long as the object: for tests, and for runs that must
/// not remember anything between launches.
///
/// Use it wherever a cache is required but no store exists. It is safe to share between
/// threads. `saveCount` lets a test check that an answer was (or was not) written.
///
/// ```swift
/// let cache = InMemoryRemoteSettingsCache()
/// let loader = RemoteExperimentsLoader(client: client, cache: cache)
/// _ = loader.loadBlocking()
/// cache.entry?.etag  // the collection's ETag
/// ```
public final class InMemoryRemoteSettingsCache: RemoteSettingsCache {
    private let state: Mutex<(entry: RemoteSettingsCacheEntry?, saves: Int)>

    public init(_ entry: RemoteSettingsCacheEntry? = nil) {
        state = Mutex((entry, 0))
    }

    /// What is stored now.
    public var entry: RemoteSettingsCacheEntry? { state.withLock { $0.entry } }
    /// How many times `save` was called.
    public var saveCount: Int { state.withLock { $0.saves } }

    public func load() -> RemoteSettingsCacheEntry? {
        entry
    }

    public func save(_ entry: RemoteSettingsCacheEntry) {
        state.withLock { $0 = (entry, $0.saves + 1) }
    }
}
