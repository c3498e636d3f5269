import FeatureFlags
/// Another `flags matrix` (or `flags bisect`, which shares its journal) is running on the same
/// store, so this one must not start.
///
/// ```swift
/// MatrixInProgressError(pid: 4242).description   // "another `flags matrix` (process 4242) is running …"
/// ```
public struct MatrixInProgressError: Error, CustomStringConvertible, Sendable {
    public var pid: Int32
    /// The command that holds the journal.
    public var command: String = "flags matrix"
    public var description: String {
        "another `\(command)` (process \(pid)) is running on this store; wait for it or stop it first"
    }
}
