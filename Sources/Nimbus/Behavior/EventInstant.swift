/// A moment for the event store: milliseconds since 1970-01-01T00:00:00Z.
///
/// The store needs only UTC arithmetic (its buckets start on 1 January 00:00 UTC), so it keeps
/// plain integers rather than calendar types.
///
/// ```swift
/// let start = EventInstant(millisecondsSinceEpoch: 1_664_618_400_000).startOfYear  // 2022-01-01T00:00:00Z
/// ```
public struct EventInstant: Sendable, Hashable, Comparable {
    public var millisecondsSinceEpoch: Int64

    public init(millisecondsSinceEpoch: Int64) {
        self.millisecondsSinceEpoch = millisecondsSinceEpoch
    }

    public init(secondsSinceEpoch: Double) {
        millisecondsSinceEpoch = Int64((secondsSinceEpoch * 1000).rounded(.down))
    }

    /// From a UTC date and time (month and day 1-based).
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        let days = Self.daysFromCivil(year: year, month: month, day: day)
        millisecondsSinceEpoch = ((Int64(days) * 24 + Int64(hour)) * 60 + Int64(minute)) * 60_000 + Int64(second) * 1000
    }

    public var secondsSinceEpoch: Double { Double(millisecondsSinceEpoch) / 1000 }

    /// 1 January 00:00 UTC of this instant's year: where the SDK starts a new event's buckets.
    public var startOfYear: EventInstant { EventInstant(year: year, month: 1, day: 1) }

    /// The UTC calendar year.
    public var year: Int { Self.civilYear(fromDays: Int(millisecondsSinceEpoch.dividedRoundingDown(by: 86_400_000))) }

    public func adding(milliseconds: Int64) -> EventInstant {
        EventInstant(millisecondsSinceEpoch: millisecondsSinceEpoch &+ milliseconds)
    }

    public static func < (lhs: EventInstant, rhs: EventInstant) -> Bool {
        lhs.millisecondsSinceEpoch < rhs.millisecondsSinceEpoch
    }

    // The proleptic Gregorian calendar's day numbers (Howard Hinnant's civil-date algorithms).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilYear(fromDays days: Int) -> Int {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }
}

extension Int64 {
    fileprivate func dividedRoundingDown(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
