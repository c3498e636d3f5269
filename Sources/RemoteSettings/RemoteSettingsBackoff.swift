#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// How long a Remote Settings server asked clients to stay away: its `Backoff` and
/// `Retry-After` headers, in seconds.
///
/// Use it to store a "don't ask before" time after any answer, good or bad: `until(now)` is the
/// latest of the two instructions. `Backoff` comes with ordinary answers when the server is
/// busy; `Retry-After` comes with `503`/`429` answers (seconds or an HTTP date). Either is capped
/// at `maximumSeconds` (one day): a single `Retry-After: 99999999999` must not silence a client
/// for millennia.
///
/// ```swift
/// let wait = RemoteSettingsBackoff(backoffSeconds: 60, retryAfterSeconds: nil)
/// wait.until(now)   // now + 60 s
/// RemoteSettingsBackoff.none.until(now)  // nil
/// ```
public struct RemoteSettingsBackoff: Sendable, Hashable {
    /// The `Backoff` header, in seconds, when the answer had a valid one.
    public var backoffSeconds: Int?
    /// The `Retry-After` header, in seconds from the answer, when the answer had a valid one.
    public var retryAfterSeconds: Int?

    public init(backoffSeconds: Int? = nil, retryAfterSeconds: Int? = nil) {
        self.backoffSeconds = backoffSeconds
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// No instruction to wait.
    public static let none = RemoteSettingsBackoff()

    /// The longest wait honored, in seconds: one day. Longer requests are shortened to it.
    public static let maximumSeconds = 86_400

    /// A wait in words: "45 s", "20 min", "3 h 5 min", "1 day".
    public static func describe(seconds: Int) -> String {
        switch seconds {
        case ..<120: return "\(seconds) s"
        case ..<3600: return "\(seconds / 60) min"
        case ..<86_400:
            let minutes = seconds % 3600 / 60
            return "\(seconds / 3600) h" + (minutes == 0 ? "" : " \(minutes) min")
        default:
            let days = seconds / 86_400
            return days == 1 ? "1 day" : "\(days) days"
        }
    }

    /// "until 2026-12-01T10:15:00Z (20 min from now)": how long a stored back-off still holds.
    public static func describeWait(until: Date, now: Date) -> String {
        let left = max(0, Int(until.timeIntervalSince(now).rounded(.up)))
        return "until \(Timestamp.iso8601(until.timeIntervalSince1970)) (\(describe(seconds: left)) from now)"
    }

    /// The longer of the two waits, or nil when the server asked for none.
    public var seconds: Int? {
        [backoffSeconds, retryAfterSeconds].compactMap { $0 }.max()
    }

    /// The time before which the server should not be asked again, counted from `now`.
    public func until(_ now: Date) -> Date? {
        seconds.map { now.addingTimeInterval(TimeInterval($0)) }
    }

    /// Reads the two headers. Unparseable or negative values are ignored rather than trusted;
    /// waits longer than `maximumSeconds` (a number too big for `Int` included) are capped.
    init(backoffHeader: String?, retryAfterHeader: String?, receivedAt now: Date) {
        backoffSeconds = backoffHeader.flatMap(Self.seconds(from:))
        retryAfterSeconds = retryAfterHeader.flatMap { header in
            Self.seconds(from: header) ?? Self.httpDate(header).map { date in
                let wait = date.timeIntervalSince(now).rounded(.up)
                return wait >= Double(Self.maximumSeconds) ? Self.maximumSeconds : max(0, Int(wait))
            }
        }
    }

    private static func seconds(from header: String) -> Int? {
        let text = header.trimmingSpaces()
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        // Digits only: a number that does not fit an Int is simply a very long wait.
        return Int(text).map { min($0, maximumSeconds) } ?? maximumSeconds
    }

    /// RFC 9110 IMF-fixdate, the only HTTP date form servers still send: `Sun, 06 Nov 1994 08:49:37 GMT`.
    /// Names are case-sensitive, as the RFC has them.
    private static func httpDate(_ header: String) -> Date? {
        let fields = header.trimmingSpaces().split(separator: " ")
        guard fields.count == 6, fields[0].last == ",", days.contains(String(fields[0].dropLast())), fields[5] == "GMT",
              let day = Int(fields[1]), let month = months.firstIndex(of: String(fields[2])), let year = Int(fields[3])
        else { return nil }
        let time = fields[4].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard time.count == 3, let hour = time[0], let minute = time[1], let second = time[2] else { return nil }
        let components = DateComponents(year: year, month: month + 1, day: day, hour: hour, minute: minute, second: second)
        guard components.isValidDate(in: gmtCalendar) else { return nil }
        return gmtCalendar.date(from: components)
    }

    private static let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static let gmtCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()
}
