#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        let url = url.absoluteString
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
            return "not asking \(url) before \(until.formatted(.iso8601)) (the server asked clients to back off); force a fetch to ask anyway"
        case .transport(let detail):
            return "cannot fetch \(url): \(detail)"
        }
    }

    private static func format(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    /// Classifies a failed exchange. `timeout` is what the client allowed, for the message.
    init(failure: HTTPGet.Failure, url: URL, timeout: TimeInterval) {
        switch failure.kind {
        case .timedOut: self.init(.timedOut(timeout), url: url)
        case .hostNotFound: self.init(.hostNotFound(url.host ?? url.absoluteString), url: url)
        case .cannotConnect: self.init(.cannotConnect(failure.detail), url: url)
        case .other: self.init(.transport(failure.detail), url: url)
        }
    }
}
