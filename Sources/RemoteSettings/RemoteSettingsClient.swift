import Platform
import Dispatch
import Formats
import HTTP

/// Fetches the records of one Remote Settings collection:
/// `GET {server}/v1/buckets/{bucket}/collections/{collection}/records`.
///
/// Use it wherever experiment records come from a server. It sends `If-None-Match` with the
/// `ETag` you pass, so an unchanged collection costs a `304`; it reports the server's
/// `Backoff`/`Retry-After` headers; it gives up after `timeout` seconds; and every failure is a
/// `RemoteSettingsError` naming the URL. It refuses answers over `maximumAnswerBytes` (counted
/// after decompression), with more than `maximumRecords` records, or with a record over
/// `maximumRecordBytes`, so nothing that large is ever cached. It keeps no state: storing the `ETag`, the records
/// and the backoff time is `RemoteExperimentsLoader`'s job. There are three ways to call it,
/// all doing the same request: `fetch(ifNoneMatch:) async`, the blocking
/// `fetchBlocking(ifNoneMatch:)` for synchronous code such as a command-line tool, and
/// `fetch(ifNoneMatch:completion:)`.
///
/// ```swift
/// let client = RemoteSettingsClient(server: URL(string: "http://127.0.0.1:8888")!)
/// let response = try client.fetchBlocking(ifNoneMatch: nil)    // from synchronous code
/// let again = try await client.fetch(ifNoneMatch: response.etag)  // from async code
/// again.isNotModified  // true while nothing was published
/// ```
public struct RemoteSettingsClient: Sendable, Hashable {
    /// The server's root, without `/v1`.
    public var server: URL
    public var bucket: String
    public var collection: RemoteSettingsCollection
    /// Seconds to wait for the whole answer.
    public var timeout: TimeInterval

    /// The bucket Nimbus collections live in.
    public static let defaultBucket = "main"
    public static let defaultTimeout: TimeInterval = 10

    /// The largest answer accepted, in bytes, counted as received and again after decompression
    /// (a gzip bomb inflates a thousandfold). Firefox for iOS's whole collection is a few hundred KB.
    public static let maximumAnswerBytes = 32 << 20
    /// The most records one answer may hold: every process that evaluates experiments reads them
    /// all, and a real collection holds tens to a few hundred.
    public static let maximumRecords = 10_000
    /// The largest one record may be, in bytes of compact JSON; a real record is a few KB.
    public static let maximumRecordBytes = 1 << 20

    public init(
        server: URL,
        bucket: String = RemoteSettingsClient.defaultBucket,
        collection: RemoteSettingsCollection = .mobileExperiments,
        timeout: TimeInterval = RemoteSettingsClient.defaultTimeout
    ) {
        self.server = server
        self.bucket = bucket
        self.collection = collection
        self.timeout = timeout
    }

    /// The URL this client asks, as it is shown and as the cache is keyed: without the server
    /// URL's `user:password@`, which must never reach a message or the store, and without a
    /// query or fragment (see `endpoint(keepingCredentials:)`).
    public var recordsURL: URL { endpoint(keepingCredentials: false) }

    /// `url` as it may be shown: without `user:password@`.
    public static func displayText(of url: URL) -> String {
        guard url.user != nil || url.password != nil, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return url.absoluteString
        }
        components.user = nil
        components.password = nil
        return components.url?.absoluteString ?? "\(url.scheme ?? "http")://\(url.host ?? "")\(url.path)"
    }

    /// The records endpoint under `server`. A fragment is never sent, so it cannot name other
    /// records; a query is dropped too, from the request and from the cache key alike: this
    /// client speaks the endpoint without parameters, and one pasted from a browser (Kinto's
    /// `_since` or `_limit`) would return part of the collection, which the cache would then keep
    /// as the whole. Credentials stay only in what is sent, for a server that wants them.
    private func endpoint(keepingCredentials: Bool) -> URL {
        var base = server
        if var components = URLComponents(url: server, resolvingAgainstBaseURL: false) {
            components.query = nil
            components.fragment = nil
            if !keepingCredentials {
                components.user = nil
                components.password = nil
            }
            base = components.url ?? server
        }
        return RemoteSettingsID.url(base, ["v1", "buckets", bucket, "collections", collection.name, "records"])
    }

    /// Fetches the records; `ifNoneMatch` is the `ETag` of the records you already have.
    public func fetch(ifNoneMatch etag: String?) async throws(RemoteSettingsError) -> RemoteSettingsResponse {
        let result = await withCheckedContinuation { continuation in
            fetch(ifNoneMatch: etag) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// Fetches the records, blocking the calling thread until the answer or the timeout.
    /// For synchronous callers only; async code uses `fetch(ifNoneMatch:)`.
    @available(*, noasync, message: "use the async fetch(ifNoneMatch:) instead")
    public func fetchBlocking(ifNoneMatch etag: String?) throws(RemoteSettingsError) -> RemoteSettingsResponse {
        try exchange(ifNoneMatch: etag).get()
    }

    /// Fetches the records and calls `completion` once, on a global dispatch queue.
    public func fetch(
        ifNoneMatch etag: String?,
        completion: @escaping @Sendable (Result<RemoteSettingsResponse, RemoteSettingsError>) -> Void
    ) {
        DispatchQueue.global().async { completion(exchange(ifNoneMatch: etag)) }
    }

    /// The request and its answer, on the calling thread: no URL cache (a 304 reaches us as a
    /// 304), `If-None-Match` when an `ETag` is known, `timeout` for the whole exchange.
    private func exchange(ifNoneMatch etag: String?) -> Result<RemoteSettingsResponse, RemoteSettingsError> {
        let url = recordsURL
        do {
            try RemoteSettingsID.check(bucket, as: "bucket")
            try RemoteSettingsID.check(collection.name, as: "collection")
        } catch {
            return .failure(RemoteSettingsError(.invalidID(error), url: url))
        }
        var headers = ["Accept": "application/json"]
        if let etag { headers["If-None-Match"] = etag }
        do {
            let get = HTTPGet(url: endpoint(keepingCredentials: true), headers: headers, timeout: timeout,
                              maximumBytes: Self.maximumAnswerBytes)
            let answer = try get.perform()
            return Self.interpret(url: url, answer: answer)
        } catch {
            return .failure(RemoteSettingsError(failure: error, url: url, timeout: timeout))
        }
    }

    /// Turns the server's answer into a response or an error.
    static func interpret(url: URL, answer: HTTPGet.Answer) -> Result<RemoteSettingsResponse, RemoteSettingsError> {
        let backoff = RemoteSettingsBackoff(
            backoffHeader: answer.header("Backoff"),
            retryAfterHeader: answer.header("Retry-After"),
            receivedAt: Date()
        )
        let etag = answer.header("ETag")
        let status = answer.status
        if status == 304 {
            return .success(RemoteSettingsResponse(url: url, statusCode: status, content: .notModified, etag: etag, backoff: backoff))
        }
        guard (200..<300).contains(status) else {
            return .failure(RemoteSettingsError(.httpStatus(status), url: url, backoff: backoff))
        }
        let body = answer.body
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes: body, file: url.absoluteString)
        } catch {
            return .failure(RemoteSettingsError(.notJSON(line: error.line, column: error.column, message: error.message), url: url, backoff: backoff))
        }
        guard case .object(let members) = json else {
            return .failure(RemoteSettingsError(.missingDataArray("expected an object with a `data` list, found \(json.kindName)"), url: url, backoff: backoff))
        }
        guard let data = members["data"] else {
            let keys = members.keys.sorted().map { "`\($0)`" }.joined(separator: ", ")
            return .failure(RemoteSettingsError(.missingDataArray("no `data` member (members: \(keys.isEmpty ? "none" : keys))"), url: url, backoff: backoff))
        }
        guard case .array(let records) = data else {
            return .failure(RemoteSettingsError(.missingDataArray("`data` must be a list, found \(data.kindName)"), url: url, backoff: backoff))
        }
        if let problem = oversized(records) {
            return .failure(RemoteSettingsError(problem, url: url, backoff: backoff))
        }
        // The parser has accepted the bytes as UTF-8, so this decoding loses nothing.
        let text = String(decoding: body, as: UTF8.self)
        return .success(RemoteSettingsResponse(url: url, statusCode: status, content: .records(text: text, json: json), etag: etag, backoff: backoff))
    }

    /// Why a record list is too big to keep, if it is: too many records, or one too large.
    private static func oversized(_ records: [JSONValue]) -> RemoteSettingsError.Kind? {
        guard records.count <= maximumRecords else { return .tooManyRecords(count: records.count, limit: maximumRecords) }
        for (index, record) in records.enumerated() {
            let bytes = record.compactUTF8.count
            if bytes > maximumRecordBytes {
                let id = record["id"]?.stringValue ?? record["slug"]?.stringValue
                return .recordTooLarge(index: index, id: id, bytes: bytes, limit: maximumRecordBytes)
            }
        }
        return nil
    }
}
