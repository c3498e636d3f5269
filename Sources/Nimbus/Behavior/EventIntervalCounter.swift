/// One interval's counts of one event: a row of buckets, the newest first, and the instant the
/// newest bucket started. The Nimbus SDK's `SingleIntervalCounter`, counted the same way.
///
/// - A new counter has one bucket, starting on 1 January 00:00 UTC of the year it is created.
/// - Advancing to `now` moves the start on by whole intervals and pushes one empty bucket per
///   interval passed onto the front; at most `bucketCount` buckets are kept, the oldest dropped.
/// - Recording now adds to bucket 0. Recording a past moment `then` adds to bucket 0 when `then`
///   is after the current bucket's start, to bucket 1 when it is at the start or less than one
///   interval before it, and to bucket `1 + n` when it is `n` whole intervals before; a bucket
///   beyond `bucketCount` is dropped silently, as in the SDK.
///
/// ```swift
/// var days = EventIntervalCounter(interval: .days, bucketCount: 7, createdAt: now)
/// try days.advance(to: now)
/// days.increment(by: 1)
/// days.buckets   // [1]
/// ```
public struct EventIntervalCounter: Sendable, Hashable {
    public let interval: EventInterval
    public let bucketCount: Int
    /// Counts, bucket 0 being the current interval; never more than `bucketCount`.
    public private(set) var buckets: [UInt64]
    /// When bucket 0 started.
    public private(set) var startingInstant: EventInstant

    public init(interval: EventInterval, bucketCount: Int, createdAt: EventInstant) {
        self.init(interval: interval, bucketCount: bucketCount, buckets: [0], startingInstant: createdAt.startOfYear)
    }

    /// A counter as stored; `buckets` longer than `bucketCount` are cut to it.
    public init(interval: EventInterval, bucketCount: Int, buckets: [UInt64], startingInstant: EventInstant) {
        self.interval = interval
        self.bucketCount = bucketCount
        self.buckets = Array(buckets.prefix(bucketCount))
        self.startingInstant = startingInstant
    }

    /// Adds `count` to the current bucket.
    public mutating func increment(by count: UInt64) {
        increment(at: 0, by: count)
    }

    /// Adds `count` to bucket `index`, creating empty buckets up to it; nothing past `bucketCount`.
    mutating func increment(at index: Int, by count: UInt64) {
        guard index < bucketCount else { return }
        if index < buckets.count {
            // The SDK's release build wraps on overflow rather than failing.
            buckets[index] &+= count
        } else {
            buckets.append(contentsOf: repeatElement(0, count: index - buckets.count))
            buckets.append(count)
        }
    }

    /// Pushes `rotations` empty buckets onto the front, keeping at most `bucketCount`.
    mutating func rotate(_ rotations: Int) {
        let pushed = min(bucketCount, max(0, rotations))
        if pushed + buckets.count > bucketCount {
            buckets.removeLast(buckets.count - (bucketCount - pushed))
        }
        buckets.insert(contentsOf: repeatElement(0, count: pushed), at: 0)
    }

    /// Moves the current bucket on to the one holding `now`, if whole intervals have passed.
    public mutating func advance(to now: EventInstant) throws(EventStoreError) {
        let rotations = try interval.rotations(from: startingInstant, to: now)
        guard rotations > 0 else { return }
        startingInstant = startingInstant.adding(milliseconds: Int64(rotations) * interval.milliseconds)
        rotate(rotations)
    }

    /// The bucket a past moment `then` belongs to, or an error when it is a whole interval or
    /// more after the current bucket's start.
    func bucket(for then: EventInstant, event: String) throws(EventStoreError) -> Int {
        let rotations = try interval.rotations(from: then, to: startingInstant)
        if rotations < 0 { throw .inTheFuture(event: event) }
        if rotations == 0 { return startingInstant < then ? 0 : 1 }
        return 1 + rotations
    }

    /// The SDK's `eventSum` and friends over buckets `start ..< start + count` (those that exist).
    /// Nil where the SDK's answer is not a number (an average over zero buckets, which it turns
    /// into JSON `null`).
    public func query(_ kind: EventQueryKind, buckets requested: Int, startingAt start: Int) -> Double? {
        guard start >= 0, start < buckets.count else { return kind.valueWhenAbsent }
        let (sum, overflow) = requested.addingReportingOverflow(start)
        let end = min(overflow ? Int.max : sum, buckets.count)
        return kind.perform(buckets[start..<end], requested: requested)
    }
}
