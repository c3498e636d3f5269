/// When to ask a Remote Settings server for experiments.
///
/// ```swift
/// FlagsOptions(fetchPolicy: .cacheOnly)   // the menu's first frame: never wait for the network
/// ```
public enum ExperimentsFetchPolicy: Sendable, Hashable {
    /// Ask the server (a conditional request), unless it asked us to back off; fall back to the cache.
    case fetch
    /// Ask the server even while it asked us to back off (`flags fetch --force`).
    case force
    /// Never ask: use the cached records (`--offline`, the menu's first frame).
    case cacheOnly
}
