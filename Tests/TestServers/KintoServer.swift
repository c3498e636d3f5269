import Foundation
import Formats
import RemoteSettings

/// A real Kinto server (the Remote Settings server) with the in-memory backend, on a free
/// loopback port, for tests.
///
/// `isAvailable` checks that Python can import `kinto`, installing it with pip once if not;
/// suites use it in `.enabled(if:)` so a machine without Kinto skips them with a message.
/// `shared` is one server for the whole test run (Kinto takes about two seconds to start); it
/// is stopped when the test process exits. `start()` gives a server of one's own, for a test
/// that stops it. Each test uses its own collection, so tests do not see each other's records.
public final class KintoServer: Sendable {
    public static let credentials = "admin:s3cret"

    public let process: ServerProcess
    public var baseURL: URL { process.baseURL }

    private init(process: ServerProcess) {
        self.process = process
    }

    /// Nil when Kinto can be imported, or why not.
    public static let unavailableReason: String? = importsKinto() ? nil : PythonTools.missing("kinto", package: "kinto")

    public static var isAvailable: Bool {
        if let reason = unavailableReason {
            print("KintoServer: \(reason)")
            return false
        }
        return true
    }

    /// The server shared by all tests of one run.
    public static let shared: Result<KintoServer, TestServerError> = Result { () throws(TestServerError) in try start() }

    /// Starts a Kinto server of one's own, with bucket `main` created and readable by anyone.
    public static func start() throws(TestServerError) -> KintoServer {
        do {
            let directory = try ServerProcess.makeDirectory("kinto")
            let ini = directory.appendingPathComponent("kinto.ini")
            try iniText.write(to: ini, atomically: true, encoding: .utf8)
            let port = try ServerProcess.freeLoopbackPort()
            let process = try ServerProcess(arguments: ["kinto", ini.path, String(port)], port: port, directory: directory)
            let server = KintoServer(process: process)
            try process.waitUntilAnswering(path: "v1/", timeout: 20)
            try server.expectSuccess(TestHTTP.send(
                "PUT", server.baseURL.appendingPathComponent("v1/buckets/main"),
                json: #"{"permissions": {"read": ["system.Everyone"]}}"#, credentials: credentials
            ), "create bucket main")
            return server
        } catch let error as TestServerError {
            throw error
        } catch {
            throw TestServerError("cannot start Kinto: \(error)")
        }
    }

    public func stop() {
        process.stop()
    }

    /// Creates (or re-creates, emptied) `collection` in bucket `main`.
    public func createCollection(_ collection: String) throws {
        let url = collectionURL(collection)
        _ = try TestHTTP.send("DELETE", url, credentials: Self.credentials)
        try expectSuccess(TestHTTP.send("PUT", url, json: "{}", credentials: Self.credentials), "create collection \(collection)")
    }

    /// Creates or replaces the record whose `id` is `json["id"]`.
    public func put(_ json: JSONValue, in collection: String) throws {
        guard let id = json["id"]?.stringValue else { throw TestServerError("record without an id") }
        let url = collectionURL(collection).appendingPathComponent("records").appendingPathComponent(id)
        try expectSuccess(TestHTTP.send("PUT", url, json: JSONValue.object(["data": json]).compactText, credentials: Self.credentials), "put record \(id)")
    }

    public func delete(recordID id: String, in collection: String) throws {
        let url = collectionURL(collection).appendingPathComponent("records").appendingPathComponent(id)
        try expectSuccess(TestHTTP.send("DELETE", url, credentials: Self.credentials), "delete record \(id)")
    }

    /// A client for `collection` on this server.
    public func client(_ collection: RemoteSettingsCollection, timeout: TimeInterval = 5) -> RemoteSettingsClient {
        RemoteSettingsClient(server: baseURL, collection: collection, timeout: timeout)
    }

    private func collectionURL(_ collection: String) -> URL {
        baseURL.appendingPathComponent("v1/buckets/main/collections").appendingPathComponent(collection)
    }

    private func expectSuccess(_ answer: TestHTTP.Answer, _ action: String) throws {
        guard (200..<300).contains(answer.status) else {
            throw TestServerError("Kinto refused to \(action): HTTP \(answer.status) \(answer.body)")
        }
    }

    private static func importsKinto() -> Bool {
        run([PythonTools.python, "-c", "import kinto"]).status == 0
    }

    private static func run(_ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(error)") }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// Memory backends, basic auth (any user:password is a principal), anyone may create
    /// buckets.
    private static let iniText = KintoIniFile.text(appSettings: """
        kinto.storage_backend = kinto.core.storage.memory
        kinto.cache_backend = kinto.core.cache.memory
        kinto.permission_backend = kinto.core.permission.memory
        kinto.userid_hmac_secret = nimbus-tests-only
        multiauth.policies = basicauth
        kinto.bucket_create_principals = system.Everyone
        """)
}
