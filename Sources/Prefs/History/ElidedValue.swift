import Platform

/// A value the history no longer keeps whole, only its size and a digest: what a large value
/// (a feature override of a big list, a saved preset) becomes once a newer change is recorded,
/// so a week of QA stays a small store. The digest tells whether a key still holds that value;
/// the value itself cannot be put back by an undo.
///
/// ```swift
/// let elided = ElidedValue(of: "…a megabyte of JSON…")
/// elided.bytes    // 1048576
/// elided.matches(.string("…a megabyte of JSON…"))   // true
/// ```
public struct ElidedValue: Sendable, Hashable {
    /// The value's length in bytes of UTF-8.
    public var bytes: Int
    /// `ContentChecksum` of those bytes, as 16 hex digits: stable across processes and versions.
    public var digest: String

    public init(bytes: Int, digest: String) {
        self.bytes = bytes
        self.digest = digest
    }

    public init(of text: String) {
        self.init(bytes: text.utf8.count, digest: ContentChecksum.hex(of: text))
    }

    /// Whether `value` is the value this stands for.
    public func matches(_ value: PrefValue?) -> Bool {
        guard case .string(let text)? = value else { return false }
        return self == ElidedValue(of: text)
    }

    /// How it is stored in the history's value column: `<digest> <bytes>`.
    var columnText: String { "\(digest) \(bytes)" }

    init?(columnText: String) {
        let parts = columnText.split(separator: " ")
        guard parts.count == 2, parts[0].count == 16, let bytes = Int(parts[1]) else { return nil }
        self.init(bytes: bytes, digest: String(parts[0]))
    }
}
