import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A throwaway PostgreSQL cluster for Kinto's PostgreSQL backend: made with `initdb` in a fresh
/// folder, started with `pg_ctl` on a free loopback port, stopped and removed by `stop()`.
///
/// PostgreSQL refuses to run as root, so as root the cluster runs as `nobody` (through
/// `setpriv`). `unavailableReason` says why it cannot run here (no Debian `postgresql`, no
/// `setpriv`, Python without Kinto's PostgreSQL driver), and suites skip with that message.
///
/// ```swift
/// let cluster = try PostgresCluster.start()
/// defer { cluster.stop() }
/// cluster.databaseURL   // "postgresql://postgres@127.0.0.1:PORT/postgres"
/// ```
public final class PostgresCluster: Sendable {
    public let port: Int
    public let directory: URL
    private let binaries: String
    private let runAs: UInt32?

    public var databaseURL: String { "postgresql://postgres@127.0.0.1:\(port)/postgres" }

    private init(port: Int, directory: URL, binaries: String, runAs: UInt32?) {
        self.port = port
        self.directory = directory
        self.binaries = binaries
        self.runAs = runAs
    }

    /// The newest `/usr/lib/postgresql/*/bin` with `initdb` and `pg_ctl`.
    static let binaries: String? = {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }
        return versions.map { "\(root)/\($0)/bin" }.first {
            FileManager.default.isExecutableFile(atPath: $0 + "/initdb") && FileManager.default.isExecutableFile(atPath: $0 + "/pg_ctl")
        }
    }()

    /// Nil when a cluster can be made here, or why not.
    public static let unavailableReason: String? = {
        guard binaries != nil else { return "no initdb and pg_ctl in /usr/lib/postgresql/*/bin (Debian's postgresql package is not installed)" }
        if geteuid() == 0, !FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") {
            return "running as root without /usr/bin/setpriv, so PostgreSQL cannot be run as an unprivileged user"
        }
        if run(["/usr/bin/env", PythonTools.python, "-c", "import kinto.core.storage.postgresql.client, psycopg2, sqlalchemy"], as: nil) != 0 {
            return PythonTools.missing("Kinto's PostgreSQL driver", package: "psycopg2-binary 'SQLAlchemy<3' zope.sqlalchemy")
        }
        return nil
    }()

    public static var isAvailable: Bool {
        if let reason = unavailableReason {
            print("PostgresCluster: skipping the PostgreSQL variant: \(reason)")
            return false
        }
        return true
    }

    public static func start() throws -> PostgresCluster {
        guard unavailableReason == nil, let binaries else { throw TestServerError(unavailableReason ?? "no PostgreSQL") }
        let directory = try ServerProcess.makeDirectory("postgres")
        let runAs: UInt32? = geteuid() == 0 ? 65534 : nil
        if let runAs { chown(directory.path, runAs, runAs) }
        let data = directory.appendingPathComponent("data").path
        let port = try ServerProcess.freeLoopbackPort()
        let cluster = PostgresCluster(port: port, directory: directory, binaries: binaries, runAs: runAs)
        guard run([binaries + "/initdb", "-D", data, "-U", "postgres", "--auth=trust", "--no-sync"], as: runAs) == 0 else {
            cluster.stop()
            throw TestServerError("initdb failed in \(data)")
        }
        let options = "-h 127.0.0.1 -p \(port) -k \(directory.path) -F"
        guard run([binaries + "/pg_ctl", "-D", data, "-o", options, "-l", directory.appendingPathComponent("log").path, "-w", "start"], as: runAs) == 0 else {
            let log = (try? String(contentsOf: directory.appendingPathComponent("log"), encoding: .utf8)) ?? ""
            cluster.stop()
            throw TestServerError("pg_ctl start failed:\n\(log)")
        }
        return cluster
    }

    /// Stops the server (fast shutdown) and removes its folder.
    public func stop() {
        let data = directory.appendingPathComponent("data").path
        if FileManager.default.fileExists(atPath: data + "/postmaster.pid") {
            _ = Self.run([binaries + "/pg_ctl", "-D", data, "-m", "fast", "-w", "stop"], as: runAs)
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs a program to its end, its output to /dev/null (`pg_ctl start` leaves a daemon
    /// holding whatever it inherited); -1 when it cannot be started.
    @discardableResult
    public static func run(_ arguments: [String], as user: UInt32? = nil) -> Int32 {
        let words = user.map { ["/usr/bin/setpriv", "--reuid=\($0)", "--regid=\($0)", "--clear-groups"] + arguments } ?? arguments
        return (try? ChildSpawner.run(words, environment: ProcessInfo.processInfo.environment)) ?? -1
    }
}
