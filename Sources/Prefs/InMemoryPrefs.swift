import Platform
import Synchronization

/// A `Prefs` store that lives only as long as the process: for tests, previews and release builds
/// that must not persist anything.
///
/// ```swift
/// let prefs = InMemoryPrefs(["translationDebugKey": .bool(true)])
/// prefs.boolForKey("translationDebugKey")   // true
/// ```
public final class InMemoryPrefs: Prefs {
    private let entries: Mutex<[String: PrefEntry]>
    /// Documents live apart from the entries, as in `SQLitePrefs`, so code that reads both behaves the same.
    private let storedDocuments = Mutex<[String: String]>([:])
    private let changes = Atomic<UInt64>(0)

    public init(_ values: [String: PrefValue] = [:]) {
        let now = Date().timeIntervalSince1970
        entries = Mutex(values.mapValues { PrefEntry(value: $0, updatedAt: now) })
    }

    public func getBranchPrefix() -> String { "" }
    public func branch(_ branch: String) -> Prefs { PrefsBranch(root: self, prefix: branch + ".") }
    public func entry(forKey key: String) -> PrefEntry? { entries.withLock { $0[key] } }
    public func allEntries() -> [String: PrefEntry] { entries.withLock { $0 } }
    public var generation: UInt64 { changes.load(ordering: .acquiring) }

    public func apply(_ changes: [PrefChange]) throws {
        try PrefKey.check(changes)
        let now = Date().timeIntervalSince1970
        entries.withLock { entries in
            for change in changes { entries[change.key] = change.entry(writtenAt: now) }
        }
        self.changes.add(1, ordering: .releasing)
    }

    public func documents(forKeys keys: [String]) -> [String: String] {
        storedDocuments.withLock { stored in stored.filter { keys.contains($0.key) } }
    }

    public func apply(documents: [String: String?], changes: [PrefChange]) throws {
        try PrefKey.check(changes, documents: documents)
        // One lock order (documents, then entries) so a reader never sees half of the change.
        try storedDocuments.withLock { stored in
            for (key, text) in documents { stored[key] = text }
            try apply(changes)
        }
    }

    public func clearAll() throws {
        entries.withLock { $0.removeAll() }
        changes.add(1, ordering: .releasing)
    }
}
