/// The reason phrases of HTTP status codes (RFC 9110), for messages such as
/// "HTTP 503 (service unavailable) from …".
///
/// ```swift
/// HTTPStatus.reasonPhrase(404)   // "not found"
/// HTTPStatus.reasonPhrase(599)   // "server error"
/// ```
package enum HTTPStatus {
    package static func reasonPhrase(_ status: Int) -> String {
        if let phrase = phrases[status] { return phrase }
        switch status {
        case 100..<200: return "informational"
        case 200..<300: return "success"
        case 300..<400: return "redirection"
        case 400..<500: return "client error"
        case 500..<600: return "server error"
        default: return "unknown status"
        }
    }

    private static let phrases: [Int: String] = [
        200: "no error", 201: "created", 202: "accepted", 204: "no content", 206: "partial content",
        301: "moved permanently", 302: "found", 303: "see other", 304: "not modified", 307: "temporary redirect",
        308: "permanent redirect", 400: "bad request", 401: "unauthorized", 403: "forbidden", 404: "not found",
        405: "method not allowed", 406: "not acceptable", 408: "request timeout", 409: "conflict", 410: "gone",
        412: "precondition failed", 413: "content too large", 414: "URI too long", 415: "unsupported media type",
        418: "I'm a teapot", 421: "misdirected request", 422: "unprocessable content", 425: "too early",
        426: "upgrade required", 428: "precondition required", 429: "too many requests",
        431: "request header fields too large", 451: "unavailable for legal reasons", 500: "internal server error",
        501: "not implemented", 502: "bad gateway", 503: "service unavailable", 504: "gateway timeout",
        505: "HTTP version not supported",
    ]
}
