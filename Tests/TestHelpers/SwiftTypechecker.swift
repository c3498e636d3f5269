import Foundation
import Testing

/// Runs `swiftc -typecheck` in Swift 6 mode with warnings as errors on generated source, the way
/// an app's build would compile it: against the `FeatureFlags` module of this build, since
/// generated code extends the library's types (`LibraryCompiler` finds it).
public struct SwiftTypechecker {
    public struct Result: Sendable {
        public var status: Int32
        public var diagnostics: String
    }

    /// `/opt/swift/usr/bin/swiftc`, else the first `swiftc` on PATH.
    public static var compiler: String? {
        let candidates = ["/opt/swift/usr/bin/swiftc"]
            + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swiftc" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public static func typecheck(_ source: String, in folder: String) throws -> Result {
        let result = try LibraryCompiler.typecheck(["Generated.swift": source], in: folder)
        return Result(status: result.status, diagnostics: result.output)
    }
}
