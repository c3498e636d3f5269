/// A key-value store of user and debug preferences, with the surface of Firefox for iOS's `Prefs`.
///
/// Reads never fail: a missing key is `nil`, which is different from a stored `false`. Writes
/// throw, because a persistent store can refuse one (a read-only file, a full disk) and the
/// person who asked for the change must hear about it.
///
/// ```swift
/// let prefs: Prefs = InMemoryPrefs()
/// try prefs.setBool(true, forKey: "translationDebugKey")
/// prefs.boolForKey("translationDebugKey")   // Optional(true)
/// prefs.boolForKey("somethingElse")         // nil: no value, not false
/// ```
public protocol Prefs: AnyObject, Sendable {
    /// The prefix this view adds to every key ("" for the root of a store).
    func getBranchPrefix() -> String
    /// A view of this store whose keys all start with `branch` followed by a dot.
    func branch(_ branch: String) -> Prefs

    /// The stored value and when it was last written, or `nil` when the key has no value.
    func entry(forKey key: String) -> PrefEntry?
    /// Every stored key of this view (without the branch prefix) with its entry.
    func allEntries() -> [String: PrefEntry]

    /// A number that moves whenever the store's contents may have changed, by this process or
    /// another; equal numbers mean nothing changed. Caches built from the store compare it, at
    /// the cost of an atomic load, instead of re-reading.
    var generation: UInt64 { get }

    /// Applies every change as one transaction: all of them land, or none does.
    func apply(_ changes: [PrefChange]) throws

    /// The stored documents among `keys`: large texts (an offline cache of experiment records)
    /// kept beside the preferences but outside what `entry` and `allEntries` read, so a process
    /// that only checks flags never loads them. Keys absent from the answer have no document.
    func documents(forKeys keys: [String]) throws -> [String: String]
    /// Writes documents (a nil text removes one) and applies `changes`, in one transaction.
    func apply(documents: [String: String?], changes: [PrefChange]) throws
    /// Removes every key of this view, in one transaction.
    func clearAll() throws
}

extension Prefs {
    /// A store without a place of its own for documents keeps them among its entries, under
    /// their keys: right for small stores that live in memory.
    public func documents(forKeys keys: [String]) throws -> [String: String] {
        var found: [String: String] = [:]
        for key in keys { found[key] = entry(forKey: key)?.value.stringValue }
        return found
    }

    public func apply(documents: [String: String?], changes: [PrefChange]) throws {
        try apply(changes + documents.sorted { $0.key < $1.key }.map { key, text in text.map { .set(key, .string($0)) } ?? .remove(key) })
    }

    public func boolForKey(_ key: String) -> Bool? { entry(forKey: key)?.value.boolValue }
    public func stringForKey(_ key: String) -> String? { entry(forKey: key)?.value.stringValue }
    public func intForKey(_ key: String) -> Int? { entry(forKey: key)?.value.intValue }

    public func setBool(_ value: Bool, forKey key: String) throws { try apply([.set(key, .bool(value))]) }
    public func setString(_ value: String, forKey key: String) throws { try apply([.set(key, .string(value))]) }
    public func setInt(_ value: Int, forKey key: String) throws { try apply([.set(key, .int(value))]) }
    public func removeObjectForKey(_ key: String) throws { try apply([.remove(key)]) }

    /// Whether a value is stored under `key`, whatever its type.
    public func hasObjectForKey(_ key: String) -> Bool { entry(forKey: key) != nil }
}
