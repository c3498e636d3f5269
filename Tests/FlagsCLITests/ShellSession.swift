import Foundation
import TestHelpers

/// A real interactive shell (bash, zsh, fish) in a private tmux server, for what needs a
/// terminal: pressing Tab in a shell that loaded a completion script, or `flags` deciding by
/// itself that its output is a terminal. Always `kill()` it in a `defer`.
final class ShellSession {
    static let tmux: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The first of `names` installed, as a path.
    static func program(_ name: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private let socket = "flags-cli-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    private let tmux: String

    /// Starts `command` (a shell and its arguments) in `folder`, in a window of `columns` x 40,
    /// with `environment` set and the variables `unsetting` names removed (the test runner's
    /// own `NO_COLOR`, say).
    init(_ command: [String], in folder: String, columns: Int = 160, environment: [String: String], unsetting: [String] = []) throws {
        guard let tmux = Self.tmux else { throw Failure("tmux is not installed") }
        self.tmux = tmux
        // Through env(1): tmux gives a new pane the server's PATH whatever `new-session -e` says.
        let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        try run(["-f", "/dev/null", "new-session", "-d", "-s", "shell", "-x", "\(columns)", "-y", "40", "-c", folder,
                 "/usr/bin/env"] + unsetting.flatMap { ["-u", $0] } + variables + command)
        _ = try? run(["set-option", "-g", "status", "off"])
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let result = try BuiltProgram.run(tmux, ["-L", socket] + arguments)
        guard result.status == 0 else { throw Failure("tmux \(arguments.joined(separator: " ")) failed: \(result.errors)") }
        return result.output
    }

    /// Types `text` literally (no Enter).
    func type(_ text: String) throws { try run(["send-keys", "-t", "shell", "-l", text]) }

    /// Sends tmux key names (`Enter`, `Tab`, `C-u`).
    func press(_ keys: String...) throws { try run(["send-keys", "-t", "shell"] + keys) }

    /// The screen; with `escapes`, with the colours as SGR sequences.
    func screen(escapes: Bool = false) throws -> String {
        try run(["capture-pane", "-p", "-t", "shell"] + (escapes ? ["-e"] : []))
    }

    /// Waits until the screen satisfies `condition`, and returns it; throws with the last one.
    @discardableResult
    func waitFor(_ what: String, escapes: Bool = false, timeout: Double = 10, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let screen = try screen(escapes: escapes)
            if condition(screen) { return screen }
            if Date() > deadline { throw Failure("no \(what) on screen:\n\(screen)") }
            usleep(50_000)
        }
    }

    func kill() {
        _ = try? BuiltProgram.run(tmux, ["-L", socket, "kill-server"])
        let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        try? FileManager.default.removeItem(atPath: "\(folder)/tmux-\(getuid())/\(socket)")
    }
}
