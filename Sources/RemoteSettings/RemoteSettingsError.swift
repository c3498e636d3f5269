#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import HTTP

/// Why Remote Settings records could not be fetched, always naming the URL that was asked.
///
/// Use `description` as the message for a person; switch over `kind` to react (a caller may
/// retry a timeout but not a `404`). `backoff` carries the server's `Backoff`/`Retry-After`
/// instruction when the failing answer had one, so the caller can still store "don't ask
/// before".
///
/// ```swift
/// do { _ = try await client.fetch(ifNoneMatch: nil) }
/// catch { print(error) }
/// // HTTP 503 (service unavailable) from http://127.0.0.1:8888/v1/buckets/main/collections/nimbus-mobile-experiments/records
/// ```
public struct RemoteSettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The server answered with a status other than 2xx or 304.
        case httpStatus(Int)
        /// The server's name could not be resolved.
        case hostNotFound(String)
        /// Nothing accepted the connection, or it broke off; the detail is the system's message.
        case cannotConnect(String)
        /// No complete answer arrived within the client's timeout, in seconds.
        case timedOut(TimeInterval)
        /// The body is not JSON; positions are 1-based, as in `JSONParseError`.
        case notJSON(line: Int, column: Int, message: String)
        /// The body is JSON but not `{"data": [...]}`; the detail says what it is instead.
        case missingDataArray(String)
        /// Not fetched: the server asked not to be contacted before this time (`Backoff` or
        /// `Retry-After` from an earlier answer). Fetch with `force` to ask anyway.
        case backingOff(until: Date)
        /// Any other transport failure (TLS, bad URL, ...); the detail is the system's message.
        case transport(String)
        /// The answer passed `limit` bytes, as received or once decompressed (or its headers
        /// passed their own limit); the transfer was cut off there.
        case answerTooLarge(limit: Int)
        /// The answer holds `count` records, more than `limit`.
        case tooManyRecords(count: Int, limit: Int)
        /// Record number `index` (0-based; its `id` or `slug` when it has one) is `bytes` long,
        /// over `limit`.
        case recordTooLarge(index: Int, id: String?, bytes: Int, limit: Int)
        /// Not asked: the bucket or collection is not an id Kinto accepts.
        case invalidID(InvalidRemoteSettingsID)
    }

    public var kind: Kind
    /// The records URL that was (or would have been) asked.
    public var url: URL
    /// The wait the failing answer asked for, if any.
    public var backoff: RemoteSettingsBackoff

    public init(_ kind: Kind, url: URL, backoff: RemoteSettingsBackoff = .none) {
        self.kind = kind
        self.url = url
        self.backoff = backoff
    }

    public var description: String {
        let url = RemoteSettingsClient.displayText(of: url)
        switch kind {
        case .httpStatus(let status):
            return "HTTP \(status) (\(HTTPStatus.reasonPhrase(status))) from \(url)"
        case .hostNotFound(let host):
            return "cannot resolve host `\(host)` for \(url)"
        case .cannotConnect(let detail):
            return "cannot connect to \(url): \(detail)"
        case .timedOut(let seconds):
            return "no answer within \(Self.format(seconds)) s from \(url)"
        case .notJSON(let line, let column, let message):
            return "answer from \(url) is not JSON: line \(line), column \(column): \(message)"
        case .missingDataArray(let detail):
            return "answer from \(url) is not a Remote Settings record list: \(detail)"
        case .backingOff(let until):
            return "not asking \(url) until \(Timestamp.iso8601(until.timeIntervalSince1970)) (the server asked clients to back off; "
                + "a wait of at most \(RemoteSettingsBackoff.describe(seconds: RemoteSettingsBackoff.maximumSeconds)) is honored); force a fetch to ask anyway"
        case .transport(let detail):
            return "cannot fetch \(url): \(detail)"
        case .answerTooLarge(let limit):
            return "answer from \(url) is larger than the \(Self.bytes(limit)) limit (counted after decompression), so it was refused "
                + "and nothing was cached; a Nimbus collection is far smaller: check the URL, or ask the server's operator"
        case .tooManyRecords(let count, let limit):
            return "answer from \(url) holds \(count) records, more than the limit of \(limit), so it was refused and nothing was cached; "
                + "check the URL (is it a Nimbus experiments collection?)"
        case .invalidID(let invalid):
            return "\(invalid); \(url) was not asked"
        case .recordTooLarge(let index, let id, let bytes, let limit):
            let name = id.map { "record `\($0)` (number \(index + 1))" } ?? "record number \(index + 1)"
            return "answer from \(url) was refused and nothing was cached: \(name) is \(Self.bytes(bytes)), "
                + "over the limit of \(Self.bytes(limit)) for one record; check the record on the server"
        }
    }

    /// `33554432` as "32 MiB", `1048577` as "1048577 bytes": exact, in the largest unit that divides it.
    static func bytes(_ count: Int) -> String {
        if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
        return "\(count) bytes"
    }

    private static func format(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    /// Classifies a failed exchange. `timeout` is what the client allowed, for the message.
    package init(failure: HTTPGet.Failure, url: URL, timeout: TimeInterval) {
        switch failure.kind {
        case .timedOut: self.init(.timedOut(timeout), url: url)
        case .hostNotFound: self.init(.hostNotFound(url.host ?? url.absoluteString), url: url)
        case .cannotConnect: self.init(.cannotConnect(failure.detail), url: url)
        case .other: self.init(.transport(failure.detail), url: url)
        case .tooLarge(let limit): self.init(.answerTooLarge(limit: limit), url: url)
        }
    }
}
