import Foundation

/// The environment of a child process a test starts (`flags`, the demo app, a shell in tmux):
/// the test's own, with its changes, and a snapshot cache that never reaches the user's
/// `~/.cache` unless the test chose a cache folder itself.
///
/// ```swift
/// process.environment = ChildEnvironment.merging(["FLAGS_STORE": store])
/// ```
public enum ChildEnvironment {
    /// `ProcessInfo`'s environment with `changes` applied (a nil value removes a variable), and
    /// `FLAGS_NO_CACHE=1` unless `changes` sets `XDG_CACHE_HOME` or `FLAGS_NO_CACHE`. The
    /// runner's `COLUMNS` is left out unless `changes` sets it: what a test reads must not
    /// depend on the terminal it was started from.
    public static func merging(_ changes: [String: String?]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = nil
        for (key, value) in changes { environment[key] = value }
        if changes["XDG_CACHE_HOME"] == nil, changes["FLAGS_NO_CACHE"] == nil { environment["FLAGS_NO_CACHE"] = "1" }
        return environment
    }

    /// `merging` for changes that only set variables.
    public static func merging(_ changes: [String: String]) -> [String: String] {
        merging(changes.mapValues { Optional($0) })
    }
}
