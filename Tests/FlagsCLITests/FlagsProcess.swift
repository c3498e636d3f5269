import FeatureFlagsTestSupport
import Foundation

/// Runs the real `flags` executable built next to the test bundle, as a user or script would.
struct FlagsProcess {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    /// The `flags` binary of this build (SwiftPM puts executables beside the test bundle).
    static var executable: String {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if folder.lastPathComponent == "MacOS" { folder = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }
        return folder.appendingPathComponent("flags").path
    }

    static func run(_ arguments: [String], environment extra: [String: String] = [:], in folder: String? = nil) throws -> Result {
        let (process, out, err) = try start(arguments, environment: extra, in: folder)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
                      errors: String(decoding: errors, as: UTF8.self))
    }

    /// Starts `flags` without waiting, for tests that signal or kill it half-way.
    static func start(_ arguments: [String], environment extra: [String: String] = [:], in folder: String? = nil) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ChildEnvironment.merging(extra)
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, out, err)
    }
}
