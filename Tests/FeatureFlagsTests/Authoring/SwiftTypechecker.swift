import Foundation
import Testing

/// Runs `swiftc -typecheck` in Swift 6 mode with warnings as errors on generated source, the way
/// an app's build would compile it: against the `FeatureFlags` module of this build (generated
/// code extends the library's types), found beside the test bundle with the C modules under it.
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

    /// The folder of this build's `.swiftmodule`s: SwiftPM puts them in `Modules` beside the test bundle.
    static var modulesFolder: String {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if folder.lastPathComponent == "MacOS" { folder = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }
        return folder.appendingPathComponent("Modules").path
    }

    /// The module maps of the package's C modules (`Sources/C*/module.modulemap`), which the
    /// library's modules import.
    static var moduleMaps: [String] {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? []
        return names.filter { $0.hasPrefix("C") }.sorted().map { "\(sources)/\($0)/module.modulemap" }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }

    /// The `swiftc` arguments that make `import FeatureFlags` resolve to this build's library.
    static var libraryArguments: [String] {
        ["-I", modulesFolder] + moduleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0)"] }
    }

    static func typecheck(_ source: String, in folder: String) throws -> Result {
        let file = (folder as NSString).appendingPathComponent("Generated.swift")
        try source.write(toFile: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(compiler, "no swiftc found"))
        process.arguments = ["-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-typecheck", file]
            + libraryArguments + ["-module-cache-path", (folder as NSString).appendingPathComponent("module-cache")]
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
