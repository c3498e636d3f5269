import Platform
import RemoteSettings

/// Where an app's experiment records come from: a local file, or a Remote Settings (Kinto)
/// server's collection, fetched with an offline cache.
///
/// Read from the registry's `experiments:` (a path, a URL, or a `remote-settings:` block) or from
/// `--experiments PATH|URL`.
///
/// ```swift
/// ExperimentsSource.parse("https://rs.example/v1/buckets/main/collections/nimbus-preview/records", relativeTo: "/app")
/// // .remote(server https://rs.example, bucket main, collection nimbus-preview)
/// ```
public enum ExperimentsSource: Sendable, Hashable, CustomStringConvertible {
    case file(String)
    case remote(RemoteSettingsClient)

    /// A path (relative to `folder`) or an `http(s)://` URL: either a server, or the full
    /// `/v1/buckets/{bucket}/collections/{collection}/records` address of a collection.
    public static func parse(_ text: String, relativeTo folder: String) -> ExperimentsSource {
        guard text.hasPrefix("http://") || text.hasPrefix("https://"), let url = URL(string: text) else {
            return .file(FlagsEnvironment.absolute(text, in: folder))
        }
        let parts = url.path.split(separator: "/").map(String.init)
        if let v1 = parts.firstIndex(of: "v1"), parts.count >= v1 + 5, parts[v1 + 1] == "buckets", parts[v1 + 3] == "collections" {
            var server = URLComponents(url: url, resolvingAgainstBaseURL: false)!
            server.path = "/" + parts[..<v1].joined(separator: "/")
            if server.path == "/" { server.path = "" }
            server.query = nil
            return .remote(RemoteSettingsClient(server: server.url!, bucket: parts[v1 + 2],
                                                collection: RemoteSettingsCollection(parts[v1 + 4])))
        }
        return .remote(RemoteSettingsClient(server: url))
    }

    public var description: String {
        switch self {
        case .file(let path): path
        case .remote(let client): client.recordsURL.absoluteString
        }
    }
}
