import Foundation

/// A private tmux server (its own socket) with one pane, for what needs a real terminal: the
/// menu driven as a user would (type keys, read the screen, resize the window), or a shell that
/// loaded a completion script.
///
/// Always `kill()` it in a `defer`, so a failing test leaves no server behind.
///
/// ```swift
/// let tmux = try TmuxSession(columns: 100, rows: 30, environment: ["FLAGS_STORE": store])
/// defer { tmux.kill() }
/// try tmux.typeLine("\(BuiltProgram.flags) menu")
/// ```
public final class TmuxSession {
    /// Where tmux is, or nil when it is not installed (the end-to-end tests are skipped then).
    public static let executable: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    public static var isAvailable: Bool { executable != nil }

    public let socket: String
    /// The session's name, the target of its key presses and screen captures.
    public let name: String
    private let tmux: String

    /// Starts a detached session `name` of `columns` x `rows` running `command` (a program and
    /// its arguments) in `folder`, with `environment` set and the variables `unsetting` names
    /// removed (the test runner's own `NO_COLOR`, say).
    public init(_ command: [String], name: String, in folder: String? = nil, columns: Int, rows: Int,
                environment: [String: String], unsetting: [String] = []) throws {
        guard let tmux = Self.executable else { throw Failure("tmux is not installed") }
        self.tmux = tmux
        self.name = name
        socket = "flags-\(name)-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        // Through env(1): tmux gives a new pane the server's PATH whatever `new-session -e` says.
        let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        try run(["-f", "/dev/null", "new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)"]
                + (folder.map { ["-c", $0] } ?? [])
                + ["/usr/bin/env"] + unsetting.flatMap { ["-u", $0] } + variables + command)
        _ = try? run(["set-option", "-g", "status", "off"])
    }

    /// Starts a session of `columns` x `rows` running `sh` with `environment` set (a `$ `
    /// prompt and UTF-8 unless it says otherwise), and waits for the prompt.
    public convenience init(columns: Int = 100, rows: Int = 30, environment: [String: String]) throws {
        let shellEnvironment = environment.merging(["PS1": "$ ", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]) { old, _ in old }
        try self.init(["sh"], name: "menu", columns: columns, rows: rows, environment: shellEnvironment)
        do {
            try waitFor(timeout: 5, "the shell prompt") { $0.contains("$") || $0.contains("#") }
        } catch {
            kill()   // no caller's defer exists yet
            throw error
        }
    }

    /// Why a tmux command failed, or what never appeared on screen.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// Runs one tmux command on this server and returns its output.
    @discardableResult
    public func run(_ arguments: [String]) throws -> String {
        let result = try BuiltProgram.run(tmux, ["-L", socket] + arguments)
        guard result.status == 0 else {
            throw Failure("tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.errors)")
        }
        return result.output
    }

    /// Types `text` literally (no Enter).
    public func type(_ text: String) throws {
        try run(["send-keys", "-t", name, "-l", text])
    }

    /// Types a line into the shell and presses Enter.
    public func typeLine(_ line: String) throws {
        try type(line)
        try send("Enter")
    }

    /// Sends tmux key names (`Space`, `Down`, `C-c`, `x`, ...).
    public func send(_ keys: String...) throws {
        try send(keys)
    }

    /// Sends tmux key names given as a list.
    public func send(_ keys: [String]) throws {
        try run(["send-keys", "-t", name] + keys)
    }

    /// The text now on screen; with `escapes`, with the colors as SGR sequences.
    public func screen(escapes: Bool = false) throws -> String {
        try run(["capture-pane", "-p", "-t", name] + (escapes ? ["-e"] : []))
    }

    /// Waits until `condition` holds for the screen; throws with the last screen after `timeout` seconds.
    @discardableResult
    public func waitFor(timeout: Double = 5, _ what: String = "the expected screen", escapes: Bool = false,
                        _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while true {
            last = try screen(escapes: escapes)
            if condition(last) { return last }
            if Date() > deadline { throw Failure("timed out after \(timeout) s waiting for \(what); the screen:\n\(last)") }
            usleep(50_000)
        }
    }

    /// Resizes the window (and so the pane).
    public func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-t", name, "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The process id of the program in the pane.
    public func shellPID() throws -> Int32 {
        let text = try run(["display-message", "-p", "-t", name, "#{pane_pid}"])
        guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { throw Failure("no pane pid in '\(text)'") }
        return pid
    }

    /// The children of the shell (the running command), read from /proc.
    public func childrenOfShell() throws -> [Int32] {
        let pid = try shellPID()
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0) }
    }

    /// Stops the server and everything in it.
    public func kill() {
        _ = try? BuiltProgram.run(tmux, ["-L", socket, "kill-server"])
        let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        try? FileManager.default.removeItem(atPath: "\(folder)/tmux-\(getuid())/\(socket)")
    }
}
