import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Every server the tests started and have not stopped yet, by pid, with its directory;
/// `atexit` stops them and removes their directories.
private let liveServers = Mutex<[Int32: URL]>([:])

/// A real server process started by a test (Kinto, or a tiny Python HTTP server), on a free
/// loopback port.
///
/// Every server runs `server.py` (below), which exits by itself when the test process goes
/// away (it watches its parent pid), so a crashed test run leaves no orphan. `stop()` (also
/// called from `deinit` and, for servers still running at exit, from an `atexit` handler)
/// sends SIGTERM to the server's process group, then SIGKILL if it lingers, and removes the
/// server's directory (its script, config and log), so test runs leave nothing in /tmp.
public final class ServerProcess: Sendable {
    public let pid: Int32
    public let port: Int
    public let logFile: URL
    private let directory: URL
    private let process: Process
    private let stopped = Mutex(false)

    /// The loopback address it listens on: 127.0.0.1 unless a test asked for another one.
    public let host: String

    public var baseURL: URL { URL(string: "http://\(host):\(port)")! }

    /// Starts `python3 server.py <arguments...>` in `directory`, which the server then owns: its
    /// output goes to a log file there, and `stop()` removes the directory.
    public init(arguments: [String], port: Int, directory: URL, host: String = "127.0.0.1") throws {
        self.host = host
        let script = directory.appendingPathComponent("server.py")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)
        logFile = directory.appendingPathComponent("server-\(port).log")
        guard FileManager.default.createFile(atPath: logFile.path, contents: nil) else {
            throw TestServerError("cannot create \(logFile.path)")
        }
        let log = try FileHandle(forWritingTo: logFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [PythonTools.python, script.path] + arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = log
        process.standardError = log
        try process.run()
        try? log.close()
        self.process = process
        self.port = port
        self.directory = directory
        pid = process.processIdentifier
        Self.registerExitHandler
        liveServers.withLock { $0[pid] = directory }
    }

    deinit { stop() }

    public var isRunning: Bool { process.isRunning }

    /// The last lines of the server's output, for failure messages.
    public var logTail: String {
        let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(15).joined(separator: "\n")
    }

    /// Stops the server, waits until it is gone (at most about 3 s), and removes its directory.
    public func stop() {
        guard stopped.withLock({ was in defer { was = true }; return !was }) else { return }
        Self.terminate(pid)
        let deadline = Date().addingTimeInterval(3)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
        liveServers.withLock { _ = $0.removeValue(forKey: pid) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// SIGTERM to the process group the script made for itself, and to the process in case the
    /// script has not made it yet.
    private static func terminate(_ pid: Int32) {
        kill(-pid, SIGTERM)
        kill(pid, SIGTERM)
    }

    private static let registerExitHandler: Void = {
        atexit {
            for (pid, directory) in liveServers.withLock({ $0 }) {
                ServerProcess.terminate(pid)
                try? FileManager.default.removeItem(at: directory)
            }
        }
    }()

    /// Waits until `path` answers (any HTTP status), failing early when the process died.
    public func waitUntilAnswering(path: String, timeout: TimeInterval) throws {
        let url = baseURL.appendingPathComponent(path)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard isRunning else { throw TestServerError("server on port \(port) exited while starting:\n\(logTail)") }
            if (try? TestHTTP.send("GET", url, timeout: 1)) != nil { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw TestServerError("server on port \(port) did not answer \(url) within \(Int(timeout)) s:\n\(logTail)")
    }

    /// A loopback port nobody listens on right now: bind to port 0, read what the kernel chose,
    /// close. (Another process could take it before the server does; on a test machine that is
    /// rare, and the server then fails to start with a clear log.)
    /// Whether the interpreter these servers run (`python3` on PATH, through `/usr/bin/env`) is
    /// there and has `http.server`: the condition tests use, so it tests what will run.
    public static let isPythonAvailable: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [PythonTools.python, "-c", "import http.server"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    public static func freeLoopbackPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestServerError("socket() failed: errno \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else { throw TestServerError("bind() failed: errno \(errno)") }
        var chosenLength = length
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &chosenLength) }
        }
        guard named == 0 else { throw TestServerError("getsockname() failed: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// A fresh temporary directory for one server's files.
    public static func makeDirectory(_ name: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("nimbus-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// `kinto <ini> <port>` runs Kinto in this process; `answers <port>` runs the tiny server
    /// whose answer depends on the collection name in the path (see `FixedAnswerServer`).
    public static let script = #"""
    import gzip, os, signal, sys, threading, time, json, zlib

    # The test process may have blocked or ignored SIGTERM in the thread that spawned us.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, signal.SIG_DFL)

    try:
        os.setpgid(0, 0)
    except OSError:
        pass

    parent = os.getppid()

    def watch_parent():
        while True:
            if os.getppid() != parent:
                os._exit(0)
            time.sleep(0.2)

    threading.Thread(target=watch_parent, daemon=True).start()

    mode = sys.argv[1]
    if mode == "kinto":
        from kinto.__main__ import main
        sys.exit(main(["start", "--ini", sys.argv[2], "--port", sys.argv[3]]))

    from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler

    lock = threading.Lock()
    requests = []
    # Every request of any method, with the Authorization header it carried (or None).
    exchanges = []

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def answer(self, status, body, headers=(), compress=False):
            data = body.encode("utf-8")
            if compress:
                data = gzip.compress(data)
                headers = list(headers) + [("Content-Encoding", "gzip")]
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in headers:
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def note(self):
            with lock:
                exchanges.append({"method": self.command, "path": self.path, "authorization": self.headers.get("Authorization")})

        def do_PUT(self):
            self.note()
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length) or b"{}")
            parts = self.path.split("/")
            if len(parts) > 6 and parts[5] == "multiline-error":
                self.answer(400, json.dumps({"code": 400, "message": "bad\nflags: all clear, nothing wrong\r\nreally"}))
                return
            record = dict(body.get("data", {}), last_modified=2)
            self.answer(201, json.dumps({"data": record}))

        def do_DELETE(self):
            self.note()
            self.answer(200, json.dumps({"data": {"deleted": True}}))

        def do_GET(self):
            parts = self.path.split("/")
            # /v1/buckets/<bucket>/collections/<collection>/records
            collection = parts[5] if len(parts) > 6 else ""
            if self.path == "/requests":
                with lock:
                    self.answer(200, json.dumps(requests))
                return
            if self.path == "/exchanges":
                with lock:
                    self.answer(200, json.dumps(exchanges))
                return
            self.note()
            with lock:
                requests.append(self.path)
            if collection == "status-503":
                self.answer(503, '{"code": 503, "error": "Service Unavailable"}', [("Retry-After", "120")])
            elif collection == "not-json":
                self.answer(200, "<html><body>Proxy error</body></html>")
            elif collection == "no-data":
                self.answer(200, '{"records": []}')
            elif collection == "backoff":
                self.answer(200, '{"data": []}', [("ETag", '"7"'), ("Backoff", "60")])
            elif collection == "moved":
                self.answer(301, "", [("Location", "/v1/buckets/main/collections/backoff/records")])
            elif collection == "gzip":
                # Only for a client that says it can decode it, as a real server does.
                compress = "gzip" in self.headers.get("Accept-Encoding", "")
                body = json.dumps({"data": [], "accept": self.headers.get("Accept"), "ifNoneMatch": self.headers.get("If-None-Match")})
                self.answer(200, body, [("ETag", '"9"')], compress=compress)
            elif collection == "gzip-bomb":
                # 256 MiB of zeros, gzip-compressed as it is sent (about 250 KB on the wire): the
                # server never holds more than a MiB, and stops when the client hangs up.
                self.stream([("Content-Encoding", "gzip")], self.zeros_gzip(256))
            elif collection == "huge-body":
                # 40 MiB of JSON whitespace, then a valid empty list, with no Content-Length.
                self.stream([], self.chunks(40, b" ", b'{"data": []}'))
            elif collection == "huge-length":
                # Announces 100 MiB up front.
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(100 << 20))
                self.end_headers()
                self.write_quietly([b" " * (1 << 20)])
            elif collection == "many-records":
                records = [{"id": "r%d" % n, "slug": "r%d" % n} for n in range(10001)]
                self.answer(200, json.dumps({"data": records}), [("ETag", '"11"')])
            elif collection == "huge-record":
                record = {"id": "fat", "slug": "fat", "padding": "x" * (2 << 20)}
                self.answer(200, json.dumps({"data": [record]}), [("ETag", '"12"')])
            elif collection == "retry-forever":
                self.answer(503, '{"code": 503}', [("Retry-After", "99999999999")])
            elif collection == "backoff-forever":
                self.answer(200, '{"data": []}', [("ETag", '"13"'), ("Backoff", "99999999999")])
            elif collection == "slow":
                time.sleep(3)
                self.answer(200, '{"data": []}')
            elif collection == "redirect-ftp":
                self.answer(302, "", [("Location", "ftp://127.0.0.1:1/records")])
            elif collection == "other-id":
                # Whatever record is asked for, another one is answered.
                record = {"id": "someone-else", "last_modified": 3, "preset": {"overrides": {"tipJar": True}}}
                self.answer(200, json.dumps({"data": record}))
            elif collection == "multiline-error":
                # A refusal whose message would print lines of its own.
                self.answer(400, json.dumps({"code": 400, "message": "bad\nflags: all clear, nothing wrong\r\nreally"}))
            elif collection == "echo-authorization":
                # A record that shows the Authorization header it was asked with.
                record = {"id": parts[7] if len(parts) > 7 else "", "last_modified": 1, "authorization": self.headers.get("Authorization")}
                self.answer(200, json.dumps({"data": record}))
            else:
                self.answer(404, '{"code": 404}')

        def stream(self, headers, chunks):
            """Sends an answer of unknown length: no Content-Length, the connection closes at its end."""
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Connection", "close")
            for name, value in headers:
                self.send_header(name, value)
            self.end_headers()
            self.close_connection = True
            self.write_quietly(chunks)

        def write_quietly(self, chunks):
            try:
                for chunk in chunks:
                    self.wfile.write(chunk)
                self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client stopped reading, as it should

        @staticmethod
        def zeros_gzip(mebibytes):
            compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
            zeros = bytes(1 << 20)
            for _ in range(mebibytes):
                yield compressor.compress(zeros)
            yield compressor.flush()

        @staticmethod
        def chunks(mebibytes, byte, tail):
            block = byte * (1 << 20)
            for _ in range(mebibytes):
                yield block
            yield tail

        def log_message(self, format, *args):
            pass

    host = sys.argv[3] if len(sys.argv) > 3 else "127.0.0.1"
    ThreadingHTTPServer((host, int(sys.argv[2])), Handler).serve_forever()
    """#
}
