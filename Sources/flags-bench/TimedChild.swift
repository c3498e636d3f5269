#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Foundation

/// Runs a child process that times itself and prints its best time in seconds on standard
/// output: the Python references, the `--measure` process the cold figures go through, and this
/// benchmark's own evaluation, which is timed in a fresh process as the reference is, so neither
/// side inherits the other figures' heap or warm caches.
enum TimedChild {
    /// The seconds the child printed; `what` names it in the error when it fails.
    static func seconds(_ command: [String], what: String) throws -> Double {
        let printed = try output(command, what: what)
        guard let seconds = Double(printed.text) else { throw BenchmarkError("\(what) failed: \(printed.errors)") }
        return seconds
    }

    /// What the child printed on standard output, trimmed, and on standard error; `environment`
    /// is added to this process's. A non-zero exit is an error naming `what`, with the child's errors.
    static func output(_ command: [String], environment: [String: String] = [:], what: String) throws -> (text: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchmarkError("\(what) failed: \(errorText)") }
        return (String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), errorText)
    }
}
#endif
