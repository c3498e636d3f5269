import FeatureFlagsTestSupport
import Foundation
import Testing

/// The real `flags` in a temporary folder of its own, as a user runs it there: the store at
/// `FLAGS_STORE` (`store/prefs.sqlite` in the folder unless told), the state under `state`, and
/// `run` expecting an exit status, so a suite's calls read as the commands they are.
///
/// ```swift
/// let flags = FlagsInFolder()
/// try flags.run("set", "tipJar", "on")
/// let refused = try flags.run("enroll", "new-menu-tst", status: 1)
/// ```
public struct FlagsInFolder: Sendable {
    /// The folder the commands run in; removed when the last copy of the fixture goes.
    public let folder = TemporaryDirectory()
    /// The path of the prefs store the commands use.
    public let store: String
    /// What every command gets besides `ChildEnvironment`'s own variables.
    public let environment: [String: String]

    /// `storePath` is relative to the folder; `extra` adds or replaces environment variables
    /// (a locale, for instance).
    public init(storePath: String = "store/prefs.sqlite", environment extra: [String: String] = [:]) {
        store = folder.file(storePath)
        environment = ["FLAGS_STORE": store, "XDG_STATE_HOME": folder.file("state")].merging(extra) { $1 }
    }

    /// Runs `flags ARGUMENTS…` and expects it to exit with `expected`; the failure names the
    /// command and what it wrote, at the caller's line.
    @discardableResult
    public func run(_ arguments: String..., status expected: Int32 = 0,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> BuiltProgram.Result {
        try run(arguments, status: expected, sourceLocation: sourceLocation)
    }

    /// `run` with the arguments as one array, for a suite that prefixes options.
    @discardableResult
    public func run(_ arguments: [String], status expected: Int32 = 0,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> BuiltProgram.Result {
        let result = try BuiltProgram.run(BuiltProgram.flags, arguments, environment: environment, in: folder.path)
        #expect(result.status == expected, "flags \(arguments.joined(separator: " ")): \(result.output) \(result.errors)",
                sourceLocation: sourceLocation)
        return result
    }
}
