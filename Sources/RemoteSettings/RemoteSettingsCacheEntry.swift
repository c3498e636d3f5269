import Platform

/// What is kept between two fetches of one Remote Settings collection.
///
/// Use it when implementing `RemoteSettingsCache`: store the four fields as they are and give
/// them back unchanged. `RemoteExperimentsLoader` writes `recordsText`, `etag` and `fetchedAt`
/// together, and only after the server sent a well-formed answer; `backoffUntil` can be
/// written on its own (a first fetch that got `503` with `Retry-After` has no records yet).
///
/// ```swift
/// let entry = RemoteSettingsCacheEntry(recordsText: #"{"data":[]}"#, etag: #""42""#, fetchedAt: Date())
/// try cache.save(entry)
/// ```
public struct RemoteSettingsCacheEntry: Sendable, Hashable {
    /// The last good answer's body, `{"data": [...]}`; nil until one arrived.
    public var recordsText: String?
    /// The `ETag` that came with `recordsText`, as the server sent it.
    public var etag: String?
    /// When the server last confirmed `recordsText` (a `200` with it, or a `304`).
    public var fetchedAt: Date?
    /// Don't ask the server before this time, unless forced.
    public var backoffUntil: Date?

    public init(recordsText: String? = nil, etag: String? = nil, fetchedAt: Date? = nil, backoffUntil: Date? = nil) {
        self.recordsText = recordsText
        self.etag = etag
        self.fetchedAt = fetchedAt
        self.backoffUntil = backoffUntil
    }
}
