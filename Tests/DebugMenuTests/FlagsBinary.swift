import FeatureFlagsTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the real `flags` executable built next to the test bundle (and tmux), as a script would.
///
/// Processes are started with `posix_spawn`, an empty signal mask and default signal handlers,
/// and their output goes to files: a test thread blocks signals that the child would inherit
/// (a tmux server that cannot see SIGCHLD or SIGTERM), and a daemon holding an output pipe
/// would block a pipe reader forever.
enum FlagsBinary {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    /// The `flags` binary of this build (SwiftPM puts executables beside the test bundle).
    static var path: String {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if folder.lastPathComponent == "MacOS" {
            folder = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        }
        return folder.appendingPathComponent("flags").path
    }

    /// Runs `flags arguments` with standard input from /dev/null.
    static func run(_ arguments: [String], environment extra: [String: String]) throws -> Result {
        try execute(path, arguments, environment: extra)
    }

    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `executable` and waits for it; standard input is /dev/null.
    static func execute(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:]) throws -> Result {
        let folder = NSTemporaryDirectory() + "flags-spawn-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outPath = folder + "/out", errPath = folder + "/err"

        // TMUX unset: the tests' tmux servers must not think they run inside the user's tmux.
        var changes: [String: String?] = extra.mapValues { Optional($0) }
        changes["TMUX"] = .some(nil)
        let environment = ChildEnvironment.merging(changes)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGPIPE, SIGWINCH] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw SpawnError(description: "cannot run \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exitStatus: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let output = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        return Result(status: exitStatus, output: output, errors: errors)
    }
}
