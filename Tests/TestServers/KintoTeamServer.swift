import Foundation

/// A real Kinto server with authentication on, set up as a QA team's Remote Settings: the
/// accounts plugin (basic auth against Kinto accounts; a wrong password is a 401, not a new
/// principal), an `admin` account, and through Kinto's HTTP API, as an admin would:
///
/// - accounts `alice` and `bob` (QA who may write presets and publish previews) and `carol`
///   (QA who may only read);
/// - bucket `flags` with group `qa` (all three) and collection `presets`: `read` for the group,
///   `write` for alice and bob;
/// - bucket `main` readable by everyone, with collection `nimbus-preview` writable by alice.
///
/// The storage is the memory backend, or PostgreSQL when a `PostgresCluster` is given.
///
/// `shared` is one such server for the whole test run (Kinto takes seconds to start, and each
/// account's first login costs a bcrypt check); each test that uses it names records of its own,
/// or makes a collection of its own (`createCollection`). `start()` gives a server of one's own.
///
/// ```swift
/// let kinto = try KintoTeamServer.shared.get()
/// kinto.url   // "http://127.0.0.1:PORT/v1"
/// ```
public final class KintoTeamServer: Sendable {
    public static let password = [
        "admin": "admin-s3cret", "alice": "alice-pw-7f3a", "bob": "bob-pw-91c2", "carol": "carol-pw-5d0e",
    ]
    public static let writers = ["alice", "bob"]
    public static let readers = ["carol"]

    public let process: ServerProcess
    public var baseURL: URL { process.baseURL }
    /// The server as `flags --remote` takes it.
    public var url: String { baseURL.absoluteString + "/v1" }

    private init(process: ServerProcess) {
        self.process = process
    }

    /// The server shared by all tests of one run, on the memory backend; stopped when the test process exits.
    public static let shared: Result<KintoTeamServer, TestServerError> = Result { () throws(TestServerError) in
        do { return try start() } catch let error as TestServerError { throw error } catch { throw TestServerError("\(error)") }
    }

    /// The permissions of the team's collections: `flags/presets` (the group reads, alice and bob
    /// write) and `main/nimbus-preview` (everyone reads the bucket, alice writes).
    public enum CollectionKind: Sendable {
        case presets, preview

        var bucket: String { self == .presets ? "flags" : "main" }
        var permissions: String {
            switch self {
            case .presets: #"{"permissions": {"read": ["/buckets/flags/groups/qa"], "write": [\#(KintoTeamServer.writers.map { "\"account:\($0)\"" }.joined(separator: ", "))]}}"#
            case .preview: #"{"permissions": {"write": ["account:alice"]}}"#
            }
        }
    }

    /// Creates (or empties) collection `name` with the permissions of `kind`, for a test that
    /// needs a collection nobody else writes to.
    public func createCollection(_ name: String, like kind: CollectionKind) throws {
        _ = try admin("DELETE", "buckets/\(kind.bucket)/collections/\(name)")
        try expect(admin("PUT", "buckets/\(kind.bucket)/collections/\(name)", kind.permissions), "create collection \(name)")
    }

    /// Starts Kinto (memory backend, or `postgres`'s database) and sets the team up.
    public static func start(postgres: PostgresCluster? = nil) throws -> KintoTeamServer {
        let directory = try ServerProcess.makeDirectory("kinto-team")
        let ini = directory.appendingPathComponent("kinto.ini")
        try iniText(postgres: postgres?.databaseURL).write(to: ini, atomically: true, encoding: .utf8)
        if postgres != nil {
            guard PostgresCluster.run(["/usr/bin/env", PythonTools.script("kinto"), "migrate", "--ini", ini.path]) == 0 else {
                try? FileManager.default.removeItem(at: directory)
                throw TestServerError("kinto migrate failed for PostgreSQL (\(ini.path))")
            }
        }
        let port = try ServerProcess.freeLoopbackPort()
        let server = KintoTeamServer(process: try ServerProcess(arguments: ["kinto", ini.path, String(port)], port: port, directory: directory))
        try server.process.waitUntilAnswering(path: "v1/", timeout: 30)
        try server.setUpTeam()
        return server
    }

    public func stop() {
        process.stop()
    }

    private func setUpTeam() throws {
        let admin = "admin:\(Self.password["admin"]!)"
        // Anyone may create an account (`account_create_principals`); only admin may then manage them.
        try expect(send("PUT", "accounts/admin", #"{"data": {"password": "\#(Self.password["admin"]!)"}}"#), "create the admin account")
        for user in Self.writers + Self.readers {
            try expect(send("PUT", "accounts/\(user)", #"{"data": {"password": "\#(Self.password[user]!)"}}"#, as: admin), "create account \(user)")
        }
        let members = (Self.writers + Self.readers).map { "\"account:\($0)\"" }.joined(separator: ", ")
        try expect(send("PUT", "buckets/flags", "{}", as: admin), "create bucket flags")
        try expect(send("PUT", "buckets/flags/groups/qa", #"{"data": {"members": [\#(members)]}}"#, as: admin), "create group qa")
        try expect(send("PUT", "buckets/main", #"{"permissions": {"read": ["system.Everyone"]}}"#, as: admin), "create bucket main")
        try createCollection("presets", like: .presets)
        try createCollection("nimbus-preview", like: .preview)
    }

    /// A request to `v1/<path>` as `credentials` (`user:password`), or anonymously.
    @discardableResult
    public func send(_ method: String, _ path: String, _ json: String? = nil, as credentials: String? = nil) throws -> TestHTTP.Answer {
        try TestHTTP.send(method, baseURL.appendingPathComponent("v1/" + path), json: json, credentials: credentials)
    }

    /// A request as the admin.
    @discardableResult
    public func admin(_ method: String, _ path: String, _ json: String? = nil) throws -> TestHTTP.Answer {
        try send(method, path, json, as: "admin:\(Self.password["admin"]!)")
    }

    /// The record `id` of `bucket/collection` as the server holds it, read as the admin; nil when absent.
    public func record(_ id: String, bucket: String = "flags", collection: String = "presets") throws -> String? {
        let answer = try admin("GET", "buckets/\(bucket)/collections/\(collection)/records/\(id)")
        return answer.status == 404 ? nil : answer.body
    }

    private func expect(_ answer: TestHTTP.Answer, _ action: String) throws {
        guard (200..<300).contains(answer.status) else {
            throw TestServerError("Kinto refused to \(action): HTTP \(answer.status) \(answer.body)\n\(process.logTail)")
        }
    }

    /// Accounts only (`multiauth.policies = account`): Kinto's plain basicauth policy would make
    /// any login and password a principal of its own, so a wrong password would read as
    /// "another user" instead of failing.
    static func iniText(postgres: String?) -> String {
        let backends = postgres.map { url in """
            kinto.storage_backend = kinto.core.storage.postgresql
            kinto.storage_url = \(url)
            kinto.cache_backend = kinto.core.cache.memory
            kinto.permission_backend = kinto.core.permission.postgresql
            kinto.permission_url = \(url)
            """
        } ?? """
            kinto.storage_backend = kinto.core.storage.memory
            kinto.cache_backend = kinto.core.cache.memory
            kinto.permission_backend = kinto.core.permission.memory
            """
        return KintoIniFile.text(appSettings: """
            \(backends)
            kinto.userid_hmac_secret = nimbus-team-tests-only
            kinto.includes = kinto.plugins.accounts
            multiauth.policies = account
            multiauth.policy.account.use = kinto.plugins.accounts.authentication.AccountsAuthenticationPolicy
            kinto.account_create_principals = system.Everyone
            kinto.account_write_principals = account:admin
            kinto.bucket_create_principals = account:admin
            """)
    }
}
