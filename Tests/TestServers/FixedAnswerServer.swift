import Foundation
import Nimbus

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
/// `echo-authorization` answers `records/ID` with a record holding the `Authorization` header sent. `requestPaths()` lists the
/// paths asked so far, so a test can tell whether a fetch reached the server.
public final class FixedAnswerServer: Sendable {
    public let process: ServerProcess

    private init(process: ServerProcess) {
        self.process = process
    }

    public static func start() throws -> FixedAnswerServer {
        let directory = try ServerProcess.makeDirectory("answers")
        let port = try ServerProcess.freeLoopbackPort()
        let server = FixedAnswerServer(process: try ServerProcess(arguments: ["answers", String(port)], port: port, directory: directory))
        try server.process.waitUntilAnswering(path: "requests", timeout: 10)
        return server
    }

    public func stop() {
        process.stop()
    }

    public func client(_ collection: String, timeout: TimeInterval = 5) -> RemoteSettingsClient {
        RemoteSettingsClient(server: process.baseURL, collection: RemoteSettingsCollection(collection), timeout: timeout)
    }

    /// The paths of the record requests received so far, in order.
    public func requestPaths() throws -> [String] {
        let answer = try TestHTTP.send("GET", process.baseURL.appendingPathComponent("requests"))
        let json = try JSONParser.parse(answer.body, file: "requests")
        return json.arrayValue?.compactMap(\.stringValue) ?? []
    }
}
