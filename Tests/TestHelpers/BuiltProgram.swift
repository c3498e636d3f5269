import FeatureFlagsTestSupport
import Foundation
import TestServers
#if canImport(Glibc)
import Glibc
#endif

/// The one way tests run a program: the executables this build puts beside the test bundle
/// (`flags`, `prefs-torture`, `flag-probe`) or a system one (tmux, chattr, sh), as a user or a
/// script would, with `ChildEnvironment`'s private cache.
///
/// `run` waits for the program through `ChildSpawner` (an empty signal mask, default signal
/// handlers, output collected through files, for the reasons it gives). `start` is for tests
/// that signal or kill the program half-way; `finish` collects what it wrote.
///
/// ```swift
/// let result = try BuiltProgram.run(BuiltProgram.flags, ["list", "--json"], environment: ["FLAGS_STORE": store])
/// ```
public enum BuiltProgram {
    /// What a finished program left: its exit status (128 + N when signal N ended it) and output.
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
        public var errors: String
    }

    /// The executable `name` of this build (SwiftPM puts executables beside the test bundle).
    public static func path(of name: String) -> String {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if folder.lastPathComponent == "MacOS" {
            folder = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        }
        return folder.appendingPathComponent(name).path
    }

    /// This build's `flags`.
    public static var flags: String { path(of: "flags") }

    /// Whether the tests run as root (needed for chown, chattr, mount and running as another user).
    public static var isRoot: Bool { geteuid() == 0 }

    /// Runs `executable` with standard input from /dev/null in `folder` (the test's own when nil)
    /// and waits for it. `asUser` runs it through `setpriv --reuid --regid --clear-groups`.
    public static func run(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:],
                           in folder: String? = nil, asUser: UInt32? = nil) throws -> Result {
        var (program, words) = command(executable, arguments, asUser: asUser)
        // Through `env --chdir`: glibc's posix_spawn_file_actions_addchdir_np is not in Swift's Glibc.
        if let folder { (program, words) = ("/usr/bin/env", ["--chdir=\(folder)", program] + words) }
        let scratch = NSTemporaryDirectory() + "built-program-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let outPath = scratch + "/out", errPath = scratch + "/err"

        let exitStatus: Int32
        do {
            exitStatus = try ChildSpawner.run([program] + words, environment: environment(extra), output: outPath, errors: errPath)
        } catch {
            throw SpawnError(description: "\(error)")
        }
        let output = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        return Result(status: exitStatus, output: output, errors: errors)
    }

    /// Starts `executable` without waiting, its output on pipes, for a test that signals or
    /// kills it half-way; `finish` collects the rest.
    public static func start(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:],
                             in folder: String? = nil, asUser: UInt32? = nil) throws -> (Process, Pipe, Pipe) {
        let (program, words) = command(executable, arguments, asUser: asUser)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = words
        process.environment = environment(extra)
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, out, err)
    }

    /// Reads everything a started program writes, then waits for it. (The tools write only a
    /// few lines to stderr, so reading stdout first cannot block on a full stderr pipe.)
    public static func finish(_ process: Process, _ out: Pipe, _ err: Pipe) -> Result {
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
                      errors: String(decoding: errors, as: UTF8.self))
    }

    /// Runs a system command (chattr, mount, chown…) quietly and returns its exit status.
    @discardableResult
    public static func system(_ executable: String, _ arguments: [String]) -> Int32 {
        (try? run(executable, arguments).status) ?? -1
    }

    /// Why a program could not be started.
    public struct SpawnError: Error, CustomStringConvertible {
        public var description: String
    }

    private static func command(_ executable: String, _ arguments: [String], asUser: UInt32?) -> (String, [String]) {
        guard let asUser else { return (executable, arguments) }
        return ("/usr/bin/setpriv", ["--reuid=\(asUser)", "--regid=\(asUser)", "--clear-groups", executable] + arguments)
    }

    /// The test's environment for a child; TMUX unset, so the tests' tmux servers never think
    /// they run inside the user's tmux.
    private static func environment(_ extra: [String: String]) -> [String: String] {
        var changes: [String: String?] = extra.mapValues { Optional($0) }
        if extra["TMUX"] == nil { changes["TMUX"] = .some(nil) }
        return ChildEnvironment.merging(changes)
    }
}
