#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private tmux server (its own socket, `tmux -L flags-bench-<pid>-<n>`) with one pane of a
/// fixed size, for timing full-screen programs the way a user sees them: launch a program in
/// the pane, send keys, and poll `capture-pane -p` until the expected screen shows.
///
/// Every tmux command is its own short-lived client process, started with `posix_spawn` (not
/// `Process`, whose threads and run loop add noise); one round trip is the polling resolution,
/// which `pollCost()` measures. Always `kill()` the server in a `defer`.
final class TmuxDriver {
    static let executable: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    nonisolated(unsafe) private static var serial = 0

    let socket: String
    let columns: Int
    let rows: Int
    private let tmux: String

    /// Starts the server with a placeholder pane (`cat`), so that the server's own start-up is
    /// not counted against the first program launched in it.
    init(columns: Int = 120, rows: Int = 40) throws {
        guard let tmux = Self.executable else { throw BenchmarkError("tmux is not installed") }
        Self.serial += 1
        self.tmux = tmux
        self.columns = columns
        self.rows = rows
        socket = "flags-bench-\(getpid())-\(Self.serial)"
        try run(["-f", "/dev/null", "new-session", "-d", "-s", "bench", "-x", "\(columns)", "-y", "\(rows)", "cat"])
        do {
            try run(["set-option", "-g", "status", "off"])
        } catch {
            kill()  // the caller's defer does not exist yet
            throw error
        }
    }

    /// Replaces the pane's program with `command` (run by `sh -c`; start it with `exec` so the
    /// pane's pid is the program's) and returns the monotonic time just before the launch.
    func launch(_ command: String, environment: [String: String]) throws -> UInt64 {
        var arguments = ["respawn-pane", "-k", "-t", "bench"]
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) { arguments += ["-e", "\(key)=\(value)"] }
        let start = Stopwatch.now()
        try run(arguments + [command])
        return start
    }

    /// Sends tmux key names (`j`, `Space`, `BSpace`, `/`).
    func send(_ keys: String...) throws {
        try run(["send-keys", "-t", "bench"] + keys)
    }

    /// The text now on screen, one string per line.
    func screen() throws -> [Substring] {
        try run(["capture-pane", "-p", "-t", "bench"]).split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Polls the screen with no pause between polls until `condition` holds; returns the
    /// monotonic time of the poll that first saw it (at most one poll after the frame was drawn).
    @discardableResult
    func waitFor(_ what: String, timeout: Double = 30, _ condition: ([Substring]) -> Bool) throws -> UInt64 {
        let deadline = Stopwatch.now() + UInt64(timeout * 1e9)
        var last: [Substring] = []
        while Stopwatch.now() < deadline {
            last = try screen()
            if condition(last) { return Stopwatch.now() }
        }
        throw BenchmarkError("timed out after \(timeout) s waiting for \(what); the screen:\n\(last.joined(separator: "\n"))")
    }

    /// The pid of the pane's process (the program itself when launched with `exec`).
    func panePID() throws -> Int32 {
        let text = try run(["list-panes", "-t", "bench", "-F", "#{pane_pid}"])
        guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchmarkError("no pane pid in '\(text)'")
        }
        return pid
    }

    /// Peak resident memory (VmHWM) of process `pid`, in MiB.
    static func peakMemoryMiB(pid: Int32) throws -> Double {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else {
            throw BenchmarkError("no VmHWM in /proc/\(pid)/status")
        }
        return kilobytes / 1024
    }

    /// The cost of one poll (a `capture-pane` round trip) in milliseconds: the best and the
    /// median of `samples`, on an idle pane.
    func pollCost(samples: Int = 30) throws -> (best: Double, median: Double) {
        var times: [Double] = []
        for _ in 0..<samples {
            let start = Stopwatch.now()
            _ = try screen()
            times.append(Double(Stopwatch.now() - start) / 1e6)
        }
        times.sort()
        return (times[0], times[times.count / 2])
    }

    /// Stops the server and everything in it, and removes its socket file, which tmux leaves
    /// behind (safe to call twice).
    func kill() {
        _ = try? Self.spawn(tmux, ["-L", socket, "kill-server"])
        let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        try? FileManager.default.removeItem(atPath: "\(folder)/tmux-\(getuid())/\(socket)")
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let (status, output) = try Self.spawn(tmux, ["-L", socket] + arguments)
        guard status == 0 else {
            throw BenchmarkError("tmux \(arguments.prefix(3).joined(separator: " ")) failed with status \(status)")
        }
        return output
    }

    /// Runs `path` with `arguments`, standard output captured, standard error discarded.
    private static func spawn(_ path: String, _ arguments: [String]) throws -> (Int32, String) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw BenchmarkError("pipe failed: \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(fds[1])
        guard result == 0 else {
            close(fds[0])
            throw BenchmarkError("could not start \(path): \(result)")
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if count > 0 { output += buffer[0..<count] } else if count == 0 || errno != EINTR { break }
        }
        close(fds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exitStatus, String(decoding: output, as: UTF8.self))
    }
}
#endif
