import Foundation
import TestHelpers

/// A real interactive shell (bash, zsh, fish) in a private tmux server (`TmuxSession`), for what
/// needs a terminal: pressing Tab in a shell that loaded a completion script, or `flags` deciding
/// by itself that its output is a terminal. Always `kill()` it in a `defer`.
final class ShellSession {
    static let tmux: String? = TmuxSession.executable

    /// The first of `names` installed, as a path.
    static func program(_ name: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private let session: TmuxSession

    /// Starts `command` (a shell and its arguments) in `folder`, in a window of `columns` x 40,
    /// with `environment` set and the variables `unsetting` names removed (the test runner's
    /// own `NO_COLOR`, say).
    init(_ command: [String], in folder: String, columns: Int = 160, environment: [String: String], unsetting: [String] = []) throws {
        session = try TmuxSession(command, name: "shell", in: folder, columns: columns, rows: 40, environment: environment, unsetting: unsetting)
    }

    /// Types `text` literally (no Enter).
    func type(_ text: String) throws { try session.type(text) }

    /// Sends tmux key names (`Enter`, `Tab`, `C-u`).
    func press(_ keys: String...) throws { try session.send(keys) }

    /// The screen; with `escapes`, with the colors as SGR sequences.
    func screen(escapes: Bool = false) throws -> String { try session.screen(escapes: escapes) }

    /// Waits until the screen satisfies `condition`, and returns it; throws with the last one.
    @discardableResult
    func waitFor(_ what: String, escapes: Bool = false, timeout: Double = 10, _ condition: (String) -> Bool) throws -> String {
        try session.waitFor(timeout: timeout, what, escapes: escapes, condition)
    }

    func kill() { session.kill() }
}
