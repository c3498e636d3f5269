#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A command run to its end as a user runs it, measured from outside: its CPU time, its wall
/// time and its peak memory, from the kernel's own accounting of that one child (`wait4`).
///
/// The command is started by a fresh `flags-bench --measure` process, not by this one: a child
/// starts as a copy of its parent's address space until it execs, and the kernel counts that
/// space's peak in the child's `ru_maxrss`, so a child of this run (which holds the generated
/// apps) would report this run's peak whenever it is the larger. The fresh process is only the
/// few MiB of a started program.
struct MeasuredChild {
    /// User CPU seconds.
    var userSeconds: Double
    /// Wall seconds from just before the spawn to the child's exit.
    var wallSeconds: Double
    /// Peak resident memory (`ru_maxrss`), in MiB.
    var peakMemoryMiB: Double

    /// The option that runs `measureHere` and prints what it measured.
    static let option = "--measure"

    /// Runs `command` (an executable and its arguments) with `environment` added to this
    /// process's, through `flags-bench --measure`; a non-zero exit is an error naming `what`.
    static func run(_ command: [String], environment: [String: String], what: String) throws -> MeasuredChild {
        guard let bench = Bundle.main.executableURL?.path else { throw BenchmarkError("\(what): cannot find flags-bench itself to measure through") }
        let printed = try TimedChild.output([bench, option] + command, environment: environment, what: what)
        let numbers = printed.text.split(separator: " ").compactMap { Double($0) }
        guard numbers.count == 3 else { throw BenchmarkError("\(what) failed: \(printed.errors.isEmpty ? command.joined(separator: " ") : printed.errors)") }
        return MeasuredChild(userSeconds: numbers[0], wallSeconds: numbers[1], peakMemoryMiB: numbers[2])
    }

    /// `flags-bench --measure COMMAND...`: runs the command with this process's environment and
    /// prints its user seconds, wall seconds and peak MiB on one line.
    static func main(_ command: [String]) -> Int32 {
        guard !command.isEmpty else {
            FileHandle.standardError.write(Data("flags-bench: \(option) takes a command to run and measure\n".utf8))
            return 2
        }
        do {
            let measured = try measureHere(command)
            print(measured.userSeconds, measured.wallSeconds, measured.peakMemoryMiB)
            return 0
        } catch {
            FileHandle.standardError.write(Data("flags-bench: \(error)\n".utf8))
            return 1
        }
    }

    /// Started with `posix_spawn`, standard output and error to /dev/null, so what is timed is
    /// the program and not a pipe that someone has to drain.
    private static func measureHere(_ command: [String]) throws -> MeasuredChild {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = Stopwatch.now()
        let result = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
        guard result == 0 else { throw BenchmarkError("could not start \(command[0]): \(String(cString: strerror(result)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let end = Stopwatch.now()
        guard status == 0 else { throw BenchmarkError("failed (wait status \(status)): \(command.joined(separator: " "))") }
        return MeasuredChild(userSeconds: Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6,
                             wallSeconds: Double(end - start) / 1e9,
                             peakMemoryMiB: Double(usage.ru_maxrss) / 1024)
    }

    /// This run's figures or `other`'s, whichever is less, each figure on its own (the least
    /// CPU, the least wall time, the least peak memory): a busy moment of the machine only
    /// ever adds, so the best of several runs is the figure.
    func best(with other: MeasuredChild) -> MeasuredChild {
        MeasuredChild(userSeconds: min(userSeconds, other.userSeconds), wallSeconds: min(wallSeconds, other.wallSeconds),
                      peakMemoryMiB: min(peakMemoryMiB, other.peakMemoryMiB))
    }
}
#endif
