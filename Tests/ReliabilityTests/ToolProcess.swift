import FeatureFlagsTestSupport
import Foundation

/// Runs the executables built next to the test bundle (`flags`, `prefs-torture`, `flag-probe`),
/// optionally as another user, and collects their output.
struct ToolProcess {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    /// The path of executable `name` of this build (SwiftPM puts executables beside the test bundle).
    static func path(of name: String) -> String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// Starts `name` with `arguments` without waiting. `asUser` runs it through
    /// `setpriv --reuid=UID --regid=UID --clear-groups` (the tests run as root).
    static func start(_ name: String, _ arguments: [String], environment extra: [String: String] = [:], asUser: UInt32? = nil) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        if let asUser {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=\(asUser)", "--regid=\(asUser)", "--clear-groups", path(of: name)] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: path(of: name))
            process.arguments = arguments
        }
        process.environment = ChildEnvironment.merging(extra)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, out, err)
    }

    /// Runs `name` to completion.
    static func run(_ name: String, _ arguments: [String], environment: [String: String] = [:], asUser: UInt32? = nil) throws -> Result {
        let (process, out, err) = try start(name, arguments, environment: environment, asUser: asUser)
        return finish(process, out, err)
    }

    /// Reads everything a started process writes, then waits for it. (The tools write only a few
    /// lines to stderr, so reading stdout first cannot block on a full stderr pipe.)
    static func finish(_ process: Process, _ out: Pipe, _ err: Pipe) -> Result {
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
                      errors: String(decoding: errors, as: UTF8.self))
    }

    /// Whether the tests run as root (needed for chown, chattr, mount and setpriv).
    static var isRoot: Bool { geteuid() == 0 }

    /// Runs a system command (chattr, mount, chown…) and returns its exit status.
    @discardableResult
    static func system(_ executable: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
