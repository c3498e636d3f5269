/// All the counts of one event: one `EventIntervalCounter` per interval, the SDK's
/// `MultiIntervalCounter`. A new event gets the SDK's six (60 minutes, 72 hours, 56 days,
/// 52 weeks, 12 "months" of 28 days, 4 "years" of 365 days).
///
/// ```swift
/// var counter = EventCounter(createdAt: now)
/// try counter.advance(to: now)
/// counter.increment(by: 1)
/// counter[.days]?.buckets   // [1]
/// ```
public struct EventCounter: Sendable, Hashable {
    /// The counters by interval (an event read from the store may lack some, as in the SDK).
    public private(set) var intervals: [EventInterval: EventIntervalCounter]

    public init(createdAt: EventInstant) {
        var intervals: [EventInterval: EventIntervalCounter] = [:]
        for interval in EventInterval.allCases {
            intervals[interval] = EventIntervalCounter(interval: interval, bucketCount: interval.defaultBucketCount, createdAt: createdAt)
        }
        self.intervals = intervals
    }

    public init(_ counters: [EventIntervalCounter]) {
        intervals = Dictionary(counters.map { ($0.interval, $0) }) { _, last in last }
    }

    public subscript(interval: EventInterval) -> EventIntervalCounter? { intervals[interval] }

    public mutating func advance(to now: EventInstant) throws(EventStoreError) {
        for interval in EventInterval.allCases where intervals[interval] != nil {
            try intervals[interval]!.advance(to: now)
        }
    }

    public mutating func increment(by count: UInt64) {
        for interval in EventInterval.allCases where intervals[interval] != nil {
            intervals[interval]!.increment(by: count)
        }
    }

    /// Adds `count` at the past moment `then` in every interval. Every interval is checked
    /// before any changes, so a refused moment changes nothing.
    public mutating func increment(at then: EventInstant, by count: UInt64, event: String) throws(EventStoreError) {
        var targets: [(EventInterval, Int)] = []
        for interval in EventInterval.allCases {
            if let counter = intervals[interval] { targets.append((interval, try counter.bucket(for: then, event: event))) }
        }
        for (interval, bucket) in targets { intervals[interval]!.increment(at: bucket, by: count) }
    }
}
