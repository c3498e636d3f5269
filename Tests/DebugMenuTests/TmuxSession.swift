import Foundation
import TestHelpers

/// A private tmux server (its own socket) with one pane running a shell, for driving the real
/// menu as a user would: type keys, read the screen, resize the window.
///
/// Always `kill()` it in a `defer`, so a failing test leaves no server behind.
final class TmuxSession {
    /// Where tmux is, or nil when it is not installed (the end-to-end tests are skipped then).
    static let executable: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    static var isAvailable: Bool { executable != nil }

    let socket: String
    private let tmux: String

    /// Starts a detached session of `columns` x `rows` running `sh` with `environment` set.
    init(columns: Int = 100, rows: Int = 30, environment: [String: String]) throws {
        guard let tmux = Self.executable else { throw Failure("tmux is not installed") }
        self.tmux = tmux
        socket = "flags-menu-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        var arguments = ["-f", "/dev/null", "new-session", "-d", "-s", "menu", "-x", "\(columns)", "-y", "\(rows)"]
        let shellEnvironment = environment.merging(["PS1": "$ ", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]) { old, _ in old }
        for (key, value) in shellEnvironment.sorted(by: { $0.key < $1.key }) { arguments += ["-e", "\(key)=\(value)"] }
        arguments += ["sh"]
        try run(arguments)
        do {
            _ = try? run(["set-option", "-g", "status", "off"])
            try waitFor(timeout: 5, "the shell prompt") { $0.contains("$") || $0.contains("#") }
        } catch {
            kill()   // no caller's defer exists yet
            throw error
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Runs one tmux command on this server and returns its output.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let result = try BuiltProgram.run(tmux, ["-L", socket] + arguments)
        guard result.status == 0 else {
            throw Failure("tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.errors)")
        }
        return result.output
    }

    /// Types a line into the shell and presses Enter.
    func typeLine(_ line: String) throws {
        try run(["send-keys", "-t", "menu", "-l", line])
        try run(["send-keys", "-t", "menu", "Enter"])
    }

    /// Sends tmux key names (`Space`, `Down`, `C-c`, `x`, ...).
    func send(_ keys: String...) throws {
        try run(["send-keys", "-t", "menu"] + keys)
    }

    /// The text now on screen.
    func screen() throws -> String {
        try run(["capture-pane", "-p", "-t", "menu"])
    }

    /// Waits until `condition` holds for the screen; throws with the last screen after `timeout` seconds.
    @discardableResult
    func waitFor(timeout: Double = 5, _ what: String = "the expected screen", _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while true {
            last = try screen()
            if condition(last) { return last }
            if Date() > deadline { throw Failure("timed out after \(timeout) s waiting for \(what); the screen:\n\(last)") }
            usleep(50_000)
        }
    }

    /// Resizes the window (and so the pane).
    func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-t", "menu", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The process id of the shell in the pane.
    func shellPID() throws -> Int32 {
        let text = try run(["display-message", "-p", "-t", "menu", "#{pane_pid}"])
        guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { throw Failure("no pane pid in '\(text)'") }
        return pid
    }

    /// The children of the shell (the running command), read from /proc.
    func childrenOfShell() throws -> [Int32] {
        let pid = try shellPID()
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0) }
    }

    /// Stops the server and everything in it.
    func kill() {
        _ = try? BuiltProgram.run(tmux, ["-L", socket, "kill-server"])
        let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        try? FileManager.default.removeItem(atPath: "\(folder)/tmux-\(getuid())/\(socket)")
    }
}
