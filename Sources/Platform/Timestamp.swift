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

    /// The seconds since 1970 of an ISO 8601 time, or nil when it is not one or names a day or a
    /// time of day that does not exist: Foundation's parser takes `2026-02-30` for 2 March.
    public static func parse(_ text: String) -> Double? {
        guard hasRealCalendarFields(text) else { return nil }
        return (try? Date(text, strategy: .iso8601))?.timeIntervalSince1970
    }

    /// Whether `YYYY-MM-DDTHH:MM:SS` at the start of `text` is a day of its month and a time of day.
    static func hasRealCalendarFields(_ text: String) -> Bool {
        let bytes = Array(text.utf8.prefix(19))
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), hour < 24, minute < 60, second < 60 else { return false }
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
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
