import Platform
import RemoteSettings

/// Where the experiment records of a `RemoteExperimentsLoader.load` came from.
///
/// Use it to tell a person how current the records are, and to decide whether to warn:
/// `.fresh` and `.unchanged` mean the server was reached; `.fromCache` means the server could
/// not be used and the last good records were; `.noData` means there are no records at all.
///
/// ```swift
/// switch result.status {
/// case .fresh, .unchanged: break
/// case .fromCache(let age, let error): print("using records \(Int(age)) s old: \(error)")
/// case .noData(let error): print("no experiments: \(error)")
/// }
/// ```
public enum RemoteExperimentsStatus: Sendable, Hashable, CustomStringConvertible {
    /// The server sent new records; they are now cached.
    case fresh
    /// The server answered `304`: the cached records are current.
    case unchanged
    /// The server could not be used (or asked to be left alone); these are the cached records,
    /// fetched `age` seconds ago (`.infinity` when the cache does not say when).
    case fromCache(age: TimeInterval, error: RemoteSettingsError)
    /// The server could not be used and nothing usable is cached.
    case noData(error: RemoteSettingsError)

    /// The failure behind `.fromCache` and `.noData`.
    public var error: RemoteSettingsError? {
        switch self {
        case .fresh, .unchanged: nil
        case .fromCache(_, let error), .noData(let error): error
        }
    }

    /// True when the server was reached and the records are current.
    public var isCurrent: Bool { error == nil }

    public var description: String {
        switch self {
        case .fresh: "fetched new records"
        case .unchanged: "records unchanged since the last fetch"
        case .fromCache(let age, let error): "using cached records \(Self.describe(age: age)): \(error)"
        case .noData(let error): "no records: \(error)"
        }
    }

    /// "fetched 5 s ago", "fetched 3 min ago", ...
    static func describe(age: TimeInterval) -> String {
        guard age.isFinite else { return "of unknown age" }
        let seconds = Int(age.rounded(.down))
        switch seconds {
        case ..<120: return "fetched \(seconds) s ago"
        case ..<7200: return "fetched \(seconds / 60) min ago"
        case ..<172_800: return "fetched \(seconds / 3600) h ago"
        default: return "fetched \(seconds / 86400) days ago"
        }
    }
}
