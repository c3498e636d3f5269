#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program as a child process and waits for it: what `Foundation.Process` did for the
/// matrix command, with `posix_spawn`.
///
/// The child inherits standard input, output and error (its output may be sent to standard
/// error instead, when the parent's standard output carries a result) and no other descriptor, starts with
/// every signal at its default action and none blocked (the parent may be ignoring Ctrl-C while
/// it waits), and gets exactly the environment given. It stays in the parent's process group, as
/// a shell's command does, so Ctrl-C in the terminal reaches it too.
///
/// ```swift
/// let ending = try ChildProcess.run(["/usr/bin/env", "make", "test"], environment: ["PATH": "/usr/bin"])
/// if ending == .exited(0) { … }
/// ```
public enum ChildProcess {
    /// How a child ended.
    public enum Ending: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case killed(signal: Int32)
    }

    /// Why a child could not be started or waited for: the system's words for the error.
    public struct SpawnError: Error, CustomStringConvertible, Sendable {
        /// The `errno` value.
        public let errorNumber: Int32
        public var description: String { String(cString: strerror(errorNumber)) }
    }

    /// Starts `arguments[0]` (a path; no `PATH` search) with `arguments`, and waits for it.
    /// With `outputToStandardError`, what the child writes to its standard output goes to the
    /// parent's standard error, so it cannot mix with a result the parent prints.
    public static func run(_ arguments: [String], environment: [String: String],
                           outputToStandardError: Bool = false) throws(SpawnError) -> Ending {
        precondition(!arguments.isEmpty, "a child process needs a program")
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in inheritableDescriptors() { posix_spawn_file_actions_addclose(&actions, descriptor) }
        if outputToStandardError { posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO) }
        var pid = pid_t()
        let failed = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard failed == 0 else { throw SpawnError(errorNumber: failed) }

        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw SpawnError(errorNumber: errno) }
        }
        // The <sys/wait.h> macros, which Swift does not import: the low 7 bits are the signal.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .killed(signal: signal)
    }

    /// The open descriptors above standard error that a child would inherit (no close-on-exec):
    /// Foundation's `Process` closed them in the child, and so does `run`.
    static func inheritableDescriptors() -> [Int32] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        let listing = dirfd(directory)
        var descriptors: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let descriptor = Int32(name), descriptor > 2, descriptor != listing else { continue }
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0, flags & FD_CLOEXEC == 0 { descriptors.append(descriptor) }
        }
        return descriptors
    }
}
