import Platform
import Formats

/// A successful answer from a Remote Settings collection: either new records or "unchanged".
///
/// Use it as it comes from `RemoteSettingsClient`; `RemoteExperimentsLoader` turns it into
/// experiment records and a cache entry. The body has already been checked to be
/// `{"data": [...]}`, so `records` needs no second validation. `etag` is exactly what the
/// server sent (Kinto sends it quoted, `"1712345678901"`); send it back unchanged as
/// `If-None-Match`.
///
/// ```swift
/// let response = try await client.fetch(ifNoneMatch: cachedETag)
/// switch response.content {
/// case .notModified: print("unchanged")
/// case .records(let text, _): save(text, response.etag)
/// }
/// ```
public struct RemoteSettingsResponse: Sendable, Hashable {
    /// What the server answered.
    public enum Content: Sendable, Hashable {
        /// `200`: the body as text and as JSON, an object with a `data` array.
        case records(text: String, json: JSONValue)
        /// `304`: the records have not changed since the `ETag` sent in `If-None-Match`.
        case notModified
    }

    /// The records URL that was asked.
    public var url: URL
    /// The HTTP status, 2xx or 304.
    public var statusCode: Int
    public var content: Content
    /// The collection's `ETag`, as sent.
    public var etag: String?
    /// The server's `Backoff`/`Retry-After` instruction, if any.
    public var backoff: RemoteSettingsBackoff

    public init(url: URL, statusCode: Int, content: Content, etag: String?, backoff: RemoteSettingsBackoff = .none) {
        self.url = url
        self.statusCode = statusCode
        self.content = content
        self.etag = etag
        self.backoff = backoff
    }

    /// True for a `304` answer.
    public var isNotModified: Bool { content == .notModified }
}
