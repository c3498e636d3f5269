import Foundation
import Testing

/// Runs `swiftc -typecheck` in Swift 6 mode with warnings as errors on generated source, the way
/// an app's build would compile it.
struct SwiftTypechecker {
    struct Result {
        var status: Int32
        var diagnostics: String
    }

    /// `/opt/swift/usr/bin/swiftc`, else the first `swiftc` on PATH.
    static var compiler: String? {
        let candidates = ["/opt/swift/usr/bin/swiftc"]
            + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swiftc" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func typecheck(_ source: String, in folder: String) throws -> Result {
        let file = (folder as NSString).appendingPathComponent("Generated.swift")
        try source.write(toFile: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(compiler, "no swiftc found"))
        process.arguments = ["-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-typecheck", file]
        // swiftc leaves TemporaryDirectory.* folders in $TMPDIR: give it the test's own folder.
        let scratch = (folder as NSString).appendingPathComponent("swiftc-tmp")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": scratch]) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, diagnostics: String(decoding: data, as: UTF8.self))
    }
}
