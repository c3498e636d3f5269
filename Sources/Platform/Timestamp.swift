#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Times as the tools print them: ISO 8601 in UTC for files, short ages for people.
///
/// ```swift
/// Timestamp.iso8601(0)                  // "1970-01-01T00:00:00Z"
/// Timestamp.age(since: now - 300)       // "5m"
/// ```
public enum Timestamp {
    public static func iso8601(_ seconds: Double) -> String {
        Date(timeIntervalSince1970: seconds.rounded(.down)).formatted(.iso8601)
    }

    public static func parse(_ text: String) -> Double? {
        (try? Date(text, strategy: .iso8601))?.timeIntervalSince1970
    }

    /// A short age such as "12s", "5m", "3h", "2d".
    public static func age(since seconds: Double, now: Double = Date().timeIntervalSince1970) -> String {
        let elapsed = max(0, Int(now - seconds))
        switch elapsed {
        case ..<60: return "\(elapsed)s"
        case ..<3600: return "\(elapsed / 60)m"
        case ..<86400: return "\(elapsed / 3600)h"
        default: return "\(elapsed / 86400)d"
        }
    }
}
