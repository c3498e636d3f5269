#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a command in a process group of its own, as a CI runner does: with a time limit, its
/// output both shown (on the parent's standard error) and kept (the last `outputLimit` bytes, for
/// a report), and the whole group ended when the limit passes or the parent is interrupted.
///
/// A group of its own is what lets a time-out end everything the command started (a test
/// runner's workers, a `sleep` under a shell), not only the process the parent knows. The
/// terminal's Ctrl-C then reaches the parent only, which passes the signal on to the group
/// (`shouldStop`) so the command still stops when the user asks.
///
/// ```swift
/// let result = try SupervisedChild.run(["/usr/bin/env", "make", "test"], environment: env, timeout: 60)
/// if result.timedOut { … } else if result.ending == .exited(0) { … }
/// ```
public enum SupervisedChild {
    /// How a supervised run ended.
    public struct Result: Sendable {
        /// How the command's own process ended.
        public var ending: ChildProcess.Ending
        /// Whether the time limit passed and the group was ended for it.
        public var timedOut: Bool
        /// The signal `shouldStop` reported, when the run was stopped for it.
        public var stoppedBy: Int32?
        /// The last bytes the command wrote to its standard output and error, interleaved.
        public var output: [UInt8]
        /// Seconds from start to end.
        public var seconds: Double
    }

    /// How long a group has, after SIGTERM, to end before it gets SIGKILL.
    public static let gracePeriod = 2.0

    /// Starts `arguments[0]` (a path; no `PATH` search) and waits for it, its standard output and
    /// error sent through a pipe to the parent's standard error and kept (the last `outputLimit`
    /// bytes). `shouldStop` is asked between reads; a signal it returns is passed to the group.
    public static func run(_ arguments: [String], environment: [String: String], timeout: Double? = nil,
                           outputLimit: Int = 64 * 1024, echo: Bool = true,
                           shouldStop: () -> Int32? = { nil }) throws(ChildProcess.SpawnError) -> Result {
        precondition(!arguments.isEmpty, "a child process needs a program")
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw ChildProcess.SpawnError(errorNumber: errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        defer { close(readEnd) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in ChildProcess.inheritableDescriptors() { posix_spawn_file_actions_addclose(&actions, descriptor) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, STDERR_FILENO)
        let started = monotonicSeconds()
        var pid = pid_t()
        let failed = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        close(writeEnd)
        guard failed == 0 else { throw ChildProcess.SpawnError(errorNumber: failed) }

        var kept: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var status: Int32 = 0
        var exited = false
        var pipeOpen = true
        var timedOut = false
        var stoppedBy: Int32?
        var terminatedAt: Double?
        var exitedAt: Double?
        while !exited || pipeOpen {
            var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let ready = pipeOpen ? poll(&poller, 1, 50) : { usleep(20_000); return 0 }()
            if ready > 0 {
                let count = read(readEnd, &buffer, buffer.count)
                if count > 0 {
                    if echo { writeAll(STDERR_FILENO, buffer, count) }
                    kept.append(contentsOf: buffer[0..<count])
                    if kept.count > outputLimit { kept.removeFirst(kept.count - outputLimit) }
                } else if count == 0 || errno != EINTR {
                    pipeOpen = false
                }
            }
            if !exited {
                let waited = waitpid(pid, &status, WNOHANG)
                if waited == pid {
                    exited = true
                    exitedAt = monotonicSeconds()
                } else if waited < 0 && errno != EINTR {
                    throw ChildProcess.SpawnError(errorNumber: errno)
                }
            }
            let now = monotonicSeconds()
            // Something the command left running in the background may hold the pipe open: once
            // the command itself has ended, its output has a moment to arrive, and no longer.
            if exited, let exitedAt, now - exitedAt > 0.5 { pipeOpen = false }
            if !exited {
                if terminatedAt == nil {
                    if let timeout, now - started > timeout {
                        timedOut = true
                        kill(-pid, SIGTERM)
                        terminatedAt = now
                    } else if let signal = shouldStop() {
                        stoppedBy = signal
                        kill(-pid, signal)
                        terminatedAt = now
                    }
                } else if let terminatedAt, now - terminatedAt > gracePeriod {
                    kill(-pid, SIGKILL)
                }
            }
        }
        // What the group started and left behind (a hung grandchild) ends with a time-out or a stop.
        if timedOut || stoppedBy != nil { kill(-pid, SIGKILL) }
        let signal = status & 0x7f
        let ending: ChildProcess.Ending = signal == 0 ? .exited((status >> 8) & 0xff) : .killed(signal: signal)
        return Result(ending: ending, timedOut: timedOut, stoppedBy: stoppedBy, output: kept, seconds: monotonicSeconds() - started)
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], _ count: Int) {
        var offset = 0
        while offset < count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    private static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
