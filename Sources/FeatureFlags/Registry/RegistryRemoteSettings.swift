import Platform

/// The registry's `remote-settings:` block: the Remote Settings (Kinto) server a QA team shares,
/// and where on it `flags preset push|pull` keeps presets.
///
/// ```yaml
/// remote-settings:
///   server: https://rs.example.com/v1   # `flags preset … --remote` and `flags publish` without --remote
///   bucket: flags                        # default: flags
///   collection: presets                  # default: presets
/// ```
public struct RegistryRemoteSettings: Sendable, Hashable {
    /// The server as written (with or without `/v1`); nil when only the bucket or collection is set.
    public var server: String?
    public var bucket: String
    public var collection: String

    public static let defaultBucket = "flags"
    public static let defaultCollection = "presets"

    public init(server: String? = nil, bucket: String = defaultBucket, collection: String = defaultCollection) {
        self.server = server
        self.bucket = bucket
        self.collection = collection
    }
}
