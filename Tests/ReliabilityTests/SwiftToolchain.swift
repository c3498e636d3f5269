import Foundation

/// The `swift` driver and this package's root, for tests that build or inspect the package.
enum SwiftToolchain {
    /// The toolchain's own `swift`, else the first on PATH.
    static let swift: String? = {
        let candidates = ["/opt/swift/usr/bin/swift"]
            + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swift" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// The package's root folder, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Runs `swift` with `arguments` and returns its exit status and what it printed on standard output.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swift ?? "/usr/bin/false")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
