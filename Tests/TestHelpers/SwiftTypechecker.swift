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

    /// The `swiftc` it runs, nil when there is none.
    public static var compiler: String? { SwiftToolchain.swiftc }

    public static func typecheck(_ source: String, in folder: String) throws -> Result {
        let result = try LibraryCompiler.typecheck(["Generated.swift": source], in: folder)
        return Result(status: result.status, diagnostics: result.output)
    }
}
