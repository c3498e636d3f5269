import Prefs

/// In-memory prefs for tests, named after Firefox for iOS's `MockProfilePrefs`.
///
/// ```swift
/// let prefs = MockProfilePrefs(things: ["newMenuDebugKey": .bool(true)])
/// prefs.boolForKey("newMenuDebugKey")   // true
/// ```
public final class MockProfilePrefs: Prefs {
    private let storage: InMemoryPrefs

    public init(things: [String: PrefValue] = [:]) {
        storage = InMemoryPrefs(things)
    }

    public func getBranchPrefix() -> String { "" }
    public func branch(_ branch: String) -> Prefs { PrefsBranch(root: self, prefix: branch + ".") }
    public func entry(forKey key: String) -> PrefEntry? { storage.entry(forKey: key) }
    public func allEntries() -> [String: PrefEntry] { storage.allEntries() }
    public var generation: UInt64 { storage.generation }
    public func apply(_ changes: [PrefChange]) throws { try storage.apply(changes) }
    public func clearAll() throws { try storage.clearAll() }

    /// Every stored value, for assertions.
    public var things: [String: PrefValue] { storage.allEntries().mapValues(\.value) }
}
