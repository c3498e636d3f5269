/// A view of a `Prefs` store whose keys all carry a prefix, like Firefox's `prefs.branch("x")`.
///
/// Use it to give one part of an app its own key space in a shared store.
///
/// ```swift
/// let nimbus = prefs.branch("nimbus")        // keys become "nimbus.<key>"
/// try nimbus.setString(id, forKey: "id")     // stored as "nimbus.id"
/// ```
public final class PrefsBranch: Prefs {
    private let root: Prefs
    private let prefix: String

    public init(root: Prefs, prefix: String) {
        self.root = root
        self.prefix = prefix
    }

    public func getBranchPrefix() -> String { prefix }
    public func branch(_ branch: String) -> Prefs { PrefsBranch(root: root, prefix: prefix + branch + ".") }

    public func entry(forKey key: String) -> PrefEntry? { root.entry(forKey: prefix + key) }
    public var generation: UInt64 { root.generation }

    public func allEntries() -> [String: PrefEntry] {
        var entries: [String: PrefEntry] = [:]
        for (key, entry) in root.allEntries() where key.hasPrefix(prefix) {
            entries[String(key.dropFirst(prefix.count))] = entry
        }
        return entries
    }

    public func apply(_ changes: [PrefChange]) throws {
        try root.apply(changes.map { $0.withKey(prefix + $0.key) })
    }

    public func documents(forKeys keys: [String]) throws -> [String: String] {
        var found: [String: String] = [:]
        for (key, text) in try root.documents(forKeys: keys.map { prefix + $0 }) { found[String(key.dropFirst(prefix.count))] = text }
        return found
    }

    public func apply(documents: [String: String?], changes: [PrefChange]) throws {
        var prefixed: [String: String?] = [:]
        for (key, text) in documents { prefixed[prefix + key] = text }
        try root.apply(documents: prefixed, changes: changes.map { $0.withKey(prefix + $0.key) })
    }

    public func clearAll() throws {
        try apply(allEntries().keys.sorted().map { .remove($0) })
    }
}
