import Foundation

/// This package's root folder and the toolchain's drivers, for tests that read the package's
/// own files (README, examples, docs) or build and inspect it.
public enum SwiftToolchain {
    /// The package's root folder, found from this file's path.
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The toolchain's own `swift`, else the first on PATH.
    public static let swift: String? = driver("swift")

    /// The toolchain's own `swiftc`, else the first on PATH.
    public static let swiftc: String? = driver("swiftc")

    /// Runs `swift` with `arguments` and returns its exit status and what it printed on standard output.
    public static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        guard let swift else { throw BuiltProgram.SpawnError(description: "no swift found") }
        let result = try BuiltProgram.run(swift, arguments)
        return (result.status, result.output)
    }

    private static func driver(_ name: String) -> String? {
        let candidates = ["/opt/swift/usr/bin/\(name)"]
            + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(name)" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
