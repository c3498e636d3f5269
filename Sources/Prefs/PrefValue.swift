/// One typed value in a `Prefs` store: the three types Firefox's debug and user preferences use.
///
/// ```swift
/// PrefValue.bool(true).boolValue   // true
/// PrefValue.int(3).boolValue       // nil: types never convert silently
/// ```
public enum PrefValue: Sendable, Hashable {
    case bool(Bool)
    case int(Int)
    case string(String)

    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var intValue: Int? { if case .int(let value) = self { value } else { nil } }
    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
}

/// A stored value and the time it was written, so tools can tell how old an override is.
public struct PrefEntry: Sendable, Hashable {
    public var value: PrefValue
    /// Seconds since 1970 when the value was last written.
    public var updatedAt: Double

    public init(value: PrefValue, updatedAt: Double) {
        self.value = value
        self.updatedAt = updatedAt
    }
}

/// One change to a `Prefs` store; a list of them is applied as one transaction by `Prefs.apply`.
///
/// ```swift
/// try prefs.apply([.set("aDebugKey", .bool(true)), .remove("bDebugKey")])
/// ```
public enum PrefChange: Sendable, Hashable {
    /// Writes a value, stamped with the time of the transaction.
    case set(String, PrefValue)
    /// Writes a value with the time it was originally written (an import restoring a saved state).
    case restore(String, PrefEntry)
    case remove(String)

    /// The key this change touches.
    public var key: String {
        switch self {
        case .set(let key, _), .restore(let key, _), .remove(let key): key
        }
    }

    /// What the key holds after the change (nil: nothing), for a transaction committed at `now`.
    public func entry(writtenAt now: Double) -> PrefEntry? {
        switch self {
        case .set(_, let value): PrefEntry(value: value, updatedAt: now)
        case .restore(_, let entry): entry
        case .remove: nil
        }
    }

    /// The same change to another key (a branch adds its prefix).
    public func withKey(_ key: String) -> PrefChange {
        switch self {
        case .set(_, let value): .set(key, value)
        case .restore(_, let entry): .restore(key, entry)
        case .remove: .remove(key)
        }
    }
}
