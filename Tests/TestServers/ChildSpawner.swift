import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to its end with `posix_spawn` and `waitpid`, for the test servers and for
/// `BuiltProgram`. The child starts with no signal blocked and the usual ones at their default
/// action: a test thread blocks signals a child would inherit (a tmux server that cannot see
/// SIGCHLD or SIGTERM), and a `Process` is reaped through SIGCHLD, which such a thread may block.
/// Standard input is /dev/null and output goes to files, never pipes: a daemon the program leaves
/// behind (`pg_ctl start`, a tmux server) would hold a pipe open and block its reader forever.
///
/// ```swift
/// let status = try ChildSpawner.run(["/usr/bin/env", "true"], environment: ProcessInfo.processInfo.environment)
/// ```
public enum ChildSpawner {
    /// Starts `words[0]` (a path; no `PATH` search) with `words` and waits for it; its exit
    /// status, or 128 + N when signal N ended it. `output` and `errors` are the files standard
    /// output and error are written to (created or emptied), /dev/null unless given.
    public static func run(_ words: [String], environment: [String: String],
                           output: String = "/dev/null", errors: String = "/dev/null") throws -> Int32 {
        precondition(!words.isEmpty, "a child process needs a program")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

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

        let argv = words.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, words[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw TestServerError("cannot run \(words[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // The <sys/wait.h> macros, which Swift does not import: the low 7 bits are the signal.
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
