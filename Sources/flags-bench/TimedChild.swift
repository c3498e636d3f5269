#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Foundation

/// Runs a child process that times itself and prints its best time in seconds on standard
/// output: the Python references, and this benchmark's own evaluation, which is timed in a fresh
/// process as the reference is, so neither side inherits the other figures' heap or warm caches.
enum TimedChild {
    /// The seconds the child printed; `what` names it in the error when it fails.
    static func seconds(_ command: [String], what: String) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let seconds = Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchmarkError("\(what) failed: \(errorText)")
        }
        return seconds
    }
}
#endif
