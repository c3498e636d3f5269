import Foundation
import Formats
import RemoteSettings

/// A tiny real HTTP server (Python's `http.server`) on loopback that answers the way a broken
/// or busy Remote Settings server does, which a real Kinto cannot be made to do.
///
/// The collection name in the records path picks the answer: `status-503` (with
/// `Retry-After: 120`), `not-json` (an HTML page), `no-data` (`{"records": []}`), `backoff`
/// (`{"data": []}` with `Backoff: 60`), `slow` (answers after 3 s). Hostile ones: `gzip-bomb`
/// (256 MiB of zeros gzipped on the fly, about 250 KB sent), `huge-body` (40 MiB of whitespace
/// before `{"data": []}`, no Content-Length), `huge-length` (announces 100 MiB), `many-records`
/// (10,001 records), `huge-record` (one 2 MiB record), `retry-forever` (`503` with
/// `Retry-After: 99999999999`), `backoff-forever` (records with `Backoff: 99999999999`);
/// `echo-authorization` answers `records/ID` with a record holding the `Authorization` header sent;
/// `redirect-ftp` redirects to an `ftp://` URL; `other-id` answers any `records/ID` with a record
/// of another id; `multiline-error` refuses with a message holding line breaks. A `PUT` is
/// stored as asked and a `DELETE` succeeds, on any path. `requestPaths()` lists the GET paths
/// asked so far, so a test can tell whether a fetch reached the server; `exchanges()` every
/// request of any method with the `Authorization` it carried.
public final class FixedAnswerServer: Sendable {
    public let process: ServerProcess

    private init(process: ServerProcess) {
        self.process = process
    }

    /// Starts the server on `host`, a loopback address (127.0.0.2 is another machine as far as
    /// a URL's host goes, and still this one).
    public static func start(host: String = "127.0.0.1") throws -> FixedAnswerServer {
        let directory = try ServerProcess.makeDirectory("answers")
        let port = try ServerProcess.freeLoopbackPort()
        let server = FixedAnswerServer(process: try ServerProcess(arguments: ["answers", String(port), host], port: port, directory: directory, host: host))
        try server.process.waitUntilAnswering(path: "requests", timeout: 10)
        return server
    }

    public func stop() {
        process.stop()
    }

    public func client(_ collection: String, timeout: TimeInterval = 5) -> RemoteSettingsClient {
        RemoteSettingsClient(server: process.baseURL, collection: RemoteSettingsCollection(collection), timeout: timeout)
    }

    /// One request the server received: its method, path and `Authorization` header.
    public struct Exchange: Sendable, Equatable {
        public var method: String
        public var path: String
        public var authorization: String?
    }

    /// Every request received so far, of any method, in order.
    public func exchanges() throws -> [Exchange] {
        let answer = try TestHTTP.send("GET", process.baseURL.appendingPathComponent("exchanges"))
        let json = try JSONParser.parse(answer.body, file: "exchanges")
        return json.arrayValue?.map {
            Exchange(method: $0["method"]?.stringValue ?? "", path: $0["path"]?.stringValue ?? "", authorization: $0["authorization"]?.stringValue)
        } ?? []
    }

    /// The paths of the record requests received so far, in order.
    public func requestPaths() throws -> [String] {
        let answer = try TestHTTP.send("GET", process.baseURL.appendingPathComponent("requests"))
        let json = try JSONParser.parse(answer.body, file: "requests")
        return json.arrayValue?.compactMap(\.stringValue) ?? []
    }
}
