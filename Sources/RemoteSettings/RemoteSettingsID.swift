import Platform

/// The ids that go into a Remote Settings URL (a bucket, a collection, a record: an experiment's
/// slug, a preset's name), checked as Kinto checks them, and the URL built from them one
/// percent-encoded path segment each.
///
/// Kinto accepts an id matching `^[a-zA-Z0-9][a-zA-Z0-9_-]*$` (`kinto/core/storage/generators.py`,
/// `Generator.regexp`, which its bucket, collection and record ids all use). Anything else, a
/// `..` or a `/` above all, would make the URL name another resource: `DELETE` on a record whose
/// slug is `../../../buckets/main` is a `DELETE` of the whole bucket. So an id is checked before
/// anything is sent, and each is encoded as one segment whatever it holds.
///
/// ```swift
/// try RemoteSettingsID.check("new-menu-test", as: "slug")     // fine
/// try RemoteSettingsID.check("../../accounts", as: "bucket")   // throws, naming it
/// RemoteSettingsID.url(server, ["v1", "buckets", "main"])     // http://host/v1/buckets/main
/// ```
public enum RemoteSettingsID {
    /// The longest id accepted: Kinto's PostgreSQL backend keeps ids in a column of this size.
    public static let maximumLength = 255

    /// Whether Kinto accepts `text` as an id.
    public static func isValid(_ text: String) -> Bool {
        guard let first = text.utf8.first, text.utf8.count <= maximumLength, isLetterOrDigit(first) else { return false }
        return text.utf8.allSatisfy { isLetterOrDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }

    /// Throws, naming `what` (`"slug"`, `"--bucket"`) and the id as it may be shown, unless Kinto accepts `text`.
    public static func check(_ text: String, as what: String) throws(InvalidRemoteSettingsID) {
        guard isValid(text) else { throw InvalidRemoteSettingsID(id: text, what: what) }
    }

    /// `server` with `segments` appended, each percent-encoded as one path segment: only letters,
    /// digits, `-` and `_` stay as they are, so not even a `.` is left for a client or a server
    /// to resolve as `..`.
    public static func url(_ server: URL, _ segments: [String]) -> URL {
        var components = URLComponents(url: server, resolvingAgainstBaseURL: false) ?? URLComponents()
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        for segment in segments { path += "/" + percentEncoded(segment) }
        components.percentEncodedPath = path
        return components.url ?? server
    }

    static func percentEncoded(_ segment: String) -> String {
        var encoded = ""
        for byte in segment.utf8 {
            if isLetterOrDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

/// An id Kinto would refuse, or that would walk out of the URL it is put in.
public struct InvalidRemoteSettingsID: Error, Sendable, Hashable, CustomStringConvertible {
    public var id: String
    /// What it was given as: `slug`, `--bucket`, `the record's id`.
    public var what: String

    public var description: String {
        let shown = TerminalSafeText.sanitized(id)
        let why = id.utf8.count > RemoteSettingsID.maximumLength ? "longer than \(RemoteSettingsID.maximumLength) bytes"
            : "not a Remote Settings id"
        return "\(what) '\(shown)' is \(why): Kinto ids are letters, digits, '-' and '_', starting with a letter or digit"
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
