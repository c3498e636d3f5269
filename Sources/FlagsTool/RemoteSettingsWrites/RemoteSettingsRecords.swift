import Platform
import Formats
import HTTP
import RemoteSettings

/// The records of one Kinto collection, read and written one at a time, with credentials:
/// `{server}/v1/buckets/{bucket}/collections/{collection}/records/{id}`.
///
/// Use it to share presets and to publish preview recipes; `RemoteSettingsClient` stays the
/// reader of whole experiment collections. Writes are conditional when asked: `put` with
/// `ifMatch` (the `last_modified` you last saw) is refused with `.changedMeanwhile` when someone
/// wrote since, and with `ifAbsent` when the record already exists, so nobody overwrites a
/// colleague's change unknowingly. Access is the server's own permissions; every refusal is a
/// `RemoteSettingsWriteError` that names the URL, the permission and the fix.
///
/// ```swift
/// let records = RemoteSettingsRecords(server: url, bucket: "flags", collection: "presets", credentials: credentials)
/// let saved = try records.put("checkout-on", data: ["preset": state], ifMatch: pulled.lastModified)
/// ```
public struct RemoteSettingsRecords: Sendable {
    /// The server's root, without `/v1`.
    public var server: URL
    public var bucket: String
    public var collection: String
    public var credentials: RemoteSettingsCredentials?
    public var timeout: TimeInterval

    /// The largest answer accepted: presets and recipes are a few KB; a collection listing of
    /// them, a few hundred KB.
    public static let maximumAnswerBytes = 16 << 20

    public init(server: URL, bucket: String, collection: String, credentials: RemoteSettingsCredentials?,
                timeout: TimeInterval = RemoteSettingsClient.defaultTimeout) {
        self.server = server
        self.bucket = bucket
        self.collection = collection
        self.credentials = credentials
        self.timeout = timeout
    }

    /// `http://host/v1` or `http://host` as the server root (without `/v1`); nil for a URL that
    /// is not http(s). A URL carrying `user:password@` is refused by the caller before this.
    public static func serverRoot(_ text: String) -> URL? {
        guard text.hasPrefix("http://") || text.hasPrefix("https://"), var components = URLComponents(string: text), components.host != nil else { return nil }
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        if path.hasSuffix("/v1") { path.removeLast(3) }
        components.path = path
        components.query = nil
        components.fragment = nil
        return components.url
    }

    /// The collection's records endpoint, as shown in messages: each id one percent-encoded path
    /// segment, so an id that is not Kinto's can be shown but never walk to another resource.
    public var recordsURL: URL {
        RemoteSettingsID.url(server, ["v1", "buckets", bucket, "collections", collection, "records"])
    }

    public func recordURL(_ id: String) -> URL { RemoteSettingsID.url(recordsURL, [id]) }

    /// The record, or nil when the collection has none with this id.
    public func get(_ id: String) throws(RemoteSettingsWriteError) -> RemoteSettingsRecord? {
        let url = recordURL(id)
        let answer = try exchange("GET", url, recordID: id)
        if answer.status == 404 { return nil }
        try check(answer, url: url, action: .read)
        guard let record = try json(answer, url: url)["data"].flatMap(RemoteSettingsRecord.init(json:)) else {
            throw RemoteSettingsWriteError(.unexpectedAnswer("no record in `data`"), url: url)
        }
        return record
    }

    /// Every record of the collection, sorted by id.
    public func list() throws(RemoteSettingsWriteError) -> [RemoteSettingsRecord] {
        let url = recordsURL
        let answer = try exchange("GET", url)
        try check(answer, url: url, action: .read)
        guard let data = try json(answer, url: url)["data"]?.arrayValue else {
            throw RemoteSettingsWriteError(.unexpectedAnswer("no `data` list"), url: url)
        }
        return data.compactMap(RemoteSettingsRecord.init(json:)).sorted { $0.id < $1.id }
    }

    /// Creates or replaces the record `id` with `data` and returns it as stored. With `ifMatch`,
    /// only if it is still at that `last_modified`; with `ifAbsent`, only if it does not exist.
    @discardableResult
    public func put(_ id: String, data: [String: JSONValue], ifMatch: Int? = nil, ifAbsent: Bool = false) throws(RemoteSettingsWriteError) -> RemoteSettingsRecord {
        let url = recordURL(id)
        var headers: [String: String] = ["Content-Type": "application/json"]
        if let ifMatch { headers["If-Match"] = "\"\(ifMatch)\"" } else if ifAbsent { headers["If-None-Match"] = "*" }
        var fields = data
        fields["id"] = .string(id)
        fields["last_modified"] = nil
        let answer = try exchange("PUT", url, recordID: id, headers: headers, body: JSONValue.object(["data": .object(fields)]).compactUTF8)
        try check(answer, url: url, action: .write)
        guard let record = try json(answer, url: url)["data"].flatMap(RemoteSettingsRecord.init(json:)) else {
            throw RemoteSettingsWriteError(.unexpectedAnswer("no record in `data`"), url: url)
        }
        return record
    }

    /// Deletes the record `id` (only if still at `ifMatch`, when given); false when there was none.
    @discardableResult
    public func delete(_ id: String, ifMatch: Int? = nil) throws(RemoteSettingsWriteError) -> Bool {
        let url = recordURL(id)
        let answer = try exchange("DELETE", url, recordID: id, headers: ifMatch.map { ["If-Match": "\"\($0)\""] } ?? [:])
        if answer.status == 404 { return false }
        try check(answer, url: url, action: .write)
        return true
    }

    /// The principal the server sees for these credentials (`account:alice`), or nil when anonymous.
    public func principal() -> String? {
        let url = RemoteSettingsID.url(server, ["v1", ""])
        guard let answer = try? exchange("GET", url), answer.status == 200,
              let json = try? JSONParser.parse(bytes: answer.body, file: url.absoluteString) else { return nil }
        return json["user"]?["id"]?.stringValue
    }

    enum Action { case read, write }

    /// The ids this collection's URLs are made of, checked as Kinto checks them: nothing is sent
    /// when one would name another resource.
    public func checkIDs(recordID: String? = nil) throws(InvalidRemoteSettingsID) {
        try RemoteSettingsID.check(bucket, as: "bucket")
        try RemoteSettingsID.check(collection, as: "collection")
        if let recordID { try RemoteSettingsID.check(recordID, as: "record id") }
    }

    private func exchange(_ method: String, _ url: URL, recordID: String? = nil, headers extra: [String: String] = [:],
                          body: [UInt8]? = nil) throws(RemoteSettingsWriteError) -> HTTPGet.Answer {
        do {
            try checkIDs(recordID: recordID)
        } catch {
            throw RemoteSettingsWriteError(.invalidID(error), url: url)
        }
        var headers = extra
        headers["Accept"] = "application/json"
        if let credentials { headers["Authorization"] = credentials.authorization }
        var request = HTTPGet(url: url, headers: headers, timeout: timeout, maximumBytes: Self.maximumAnswerBytes)
        request.method = method
        request.body = body
        do {
            return try request.perform()
        } catch {
            throw RemoteSettingsWriteError(.transport(RemoteSettingsError(failure: error, url: url, timeout: timeout)), url: url)
        }
    }

    private func json(_ answer: HTTPGet.Answer, url: URL) throws(RemoteSettingsWriteError) -> JSONValue {
        do {
            return try JSONParser.parse(bytes: answer.body, file: url.absoluteString)
        } catch {
            throw RemoteSettingsWriteError(.unexpectedAnswer("not JSON: line \(error.line), column \(error.column): \(error.message)"), url: url)
        }
    }

    private func check(_ answer: HTTPGet.Answer, url: URL, action: Action) throws(RemoteSettingsWriteError) {
        let status = answer.status
        guard !(200..<300).contains(status) else { return }
        let message = (try? JSONParser.parse(bytes: answer.body))?["message"]?.stringValue
        switch status {
        case 401:
            throw RemoteSettingsWriteError(.unauthenticated(credentials: credentials?.source), url: url)
        case 403:
            throw RemoteSettingsWriteError(.forbidden(permission: action == .read ? "read" : "write", principal: principal(),
                                                      bucket: bucket, collection: collection), url: url)
        case 412:
            throw RemoteSettingsWriteError(.changedMeanwhile, url: url)
        default:
            throw RemoteSettingsWriteError(.httpStatus(status, message: message), url: url)
        }
    }
}
