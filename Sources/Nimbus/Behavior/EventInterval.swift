/// The lengths of time the Nimbus event store counts in, named as targeting names them
/// (`'app_launch' | eventSum('Days', 7)`).
///
/// They are fixed lengths, as in the SDK (`stateful/behavior.rs`): a month is 28 days and a year
/// 365 days, counted from 1 January 00:00 UTC of the year the event was first recorded, so a
/// "month" bucket does not follow calendar months and a "week" does not start on a Monday.
public enum EventInterval: String, Sendable, CaseIterable, Hashable {
    case minutes = "Minutes"
    case hours = "Hours"
    case days = "Days"
    case weeks = "Weeks"
    case months = "Months"
    case years = "Years"

    /// The interval's length in milliseconds.
    public var milliseconds: Int64 {
        switch self {
        case .minutes: 60_000
        case .hours: 3_600_000
        case .days: 86_400_000
        case .weeks: 7 * 86_400_000
        case .months: 28 * 86_400_000
        case .years: 365 * 86_400_000
        }
    }

    /// How many buckets the SDK keeps for each interval (its default multi-interval counter).
    public var defaultBucketCount: Int {
        switch self {
        case .minutes: 60
        case .hours: 72
        case .days: 56
        case .weeks: 52
        case .months: 12
        case .years: 4
        }
    }

    /// Whole intervals from `then` to `now`, truncated toward zero (negative when `then` is
    /// later), as the SDK counts rotations; more than a 32-bit count is an error there too.
    public func rotations(from then: EventInstant, to now: EventInstant) throws(EventStoreError) -> Int {
        let (difference, overflow) = now.millisecondsSinceEpoch.subtractingReportingOverflow(then.millisecondsSinceEpoch)
        let count = difference / milliseconds
        guard !overflow, count >= Int64(Int32.min), count <= Int64(Int32.max) else {
            throw .tooManyRotations(interval: self)
        }
        return Int(count)
    }
}
