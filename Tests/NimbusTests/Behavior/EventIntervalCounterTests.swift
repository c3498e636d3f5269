import Testing
@testable import Nimbus

/// The interval, interval-data and single-interval-counter vectors of application-services
/// `components/nimbus/src/tests/stateful/test_behavior.rs` (MPL 2.0).
@Suite struct EventIntervalCounterTests {
    /// interval_tests: whole intervals between two instants (a month is 28 days, a year 365).
    @Test(arguments: [
        (EventInterval.minutes, "2022-10-01T10:00:00Z", "2022-10-01T10:04:00Z", 4),
        (.minutes, "2022-10-01T10:55:00Z", "2022-10-01T11:15:00Z", 20),
        (.minutes, "2022-09-30T10:50:00Z", "2022-10-01T09:30:00Z", 1360),
        (.hours, "2022-10-01T10:00:00Z", "2022-10-01T14:00:00Z", 4),
        (.hours, "2022-10-01T10:00:00Z", "2022-10-02T06:00:00Z", 20),
        (.days, "2022-09-28T10:00:00Z", "2022-10-05T14:00:00Z", 7),
        (.weeks, "2022-09-28T10:00:00Z", "2022-10-08T14:00:00Z", 1),
        (.months, "2022-06-10T10:00:00Z", "2022-10-08T14:00:00Z", 4),
        (.years, "2012-06-10T10:00:00Z", "2022-04-08T14:00:00Z", 9),
    ])
    func countsRotations(interval: EventInterval, then: String, now: String, expected: Int) throws {
        #expect(try interval.rotations(from: instant(then), to: instant(now)) == expected)
    }

    private func counter(_ count: Int, _ interval: EventInterval = .days, buckets: [UInt64] = [0],
                         start: EventInstant = instant("2022-06-10T08:00:00Z")) -> EventIntervalCounter {
        EventIntervalCounter(interval: interval, bucketCount: count, buckets: buckets, startingInstant: start)
    }

    /// increment_works_if_no_buckets_present, increment_increments_front_bucket_if_it_exists.
    @Test func incrementsTheFrontBucket() {
        var empty = counter(7, buckets: [])
        empty.increment(by: 1)
        #expect(empty.buckets == [1])
        var fresh = EventIntervalCounter(interval: .days, bucketCount: 7, createdAt: instant("2022-06-10T08:00:00Z"))
        fresh.increment(by: 1)
        #expect(fresh.buckets == [1])
        #expect(fresh.startingInstant == instant("2022-01-01T00:00:00Z"))
    }

    /// rotate_adds_buckets_for_each_rotation, rotate_removes_buckets_when_max_is_reached,
    /// rotate_handles_large_rotation.
    @Test func rotatesAndKeepsAtMostTheBucketCount() {
        var seven = counter(7)
        seven.rotate(3)
        #expect(seven.buckets.count == 4)

        var three = counter(3)
        three.increment(by: 1)
        three.rotate(2)
        three.increment(by: 1)
        three.rotate(1)
        three.increment(by: 1)
        three.increment(by: 1)
        #expect(three.buckets == [2, 1, 0])

        var large = counter(3)
        large.rotate(10)
        #expect(large.buckets == [0, 0, 0])
    }

    /// test_advance_do_not_advance, test_advance_do_advance.
    @Test func advancesOnlyAfterAWholeInterval() throws {
        let now = instant("2026-06-15T12:34:56Z")
        var same = counter(7, start: now)
        try same.advance(to: now)
        #expect(same.buckets.count == 1)
        var next = counter(7, start: now)
        try next.advance(to: now.adding(milliseconds: day))
        #expect(next.buckets.count == 2)
    }

    /// test_maybe_advance_updates_time_in_*_correctly: three advances, each just short of one
    /// more interval than the last, give three buckets because the start moves by whole intervals.
    @Test(arguments: [
        (EventInterval.minutes, ["2022-06-10T08:00:59Z", "2022-06-10T08:01:58Z", "2022-06-10T08:02:57Z"]),
        (.hours, ["2022-06-10T08:59:00Z", "2022-06-10T09:58:00Z", "2022-06-10T10:57:00Z"]),
        (.days, ["2022-06-11T07:59:00Z", "2022-06-12T07:58:00Z", "2022-06-13T07:57:00Z"]),
        (.weeks, ["2022-06-17T07:59:00Z", "2022-06-25T07:58:00Z", "2022-07-01T07:57:00Z"]),
        (.months, ["2022-07-07T07:59:00Z", "2022-08-02T07:58:00Z", "2022-08-30T07:57:00Z"]),
        (.years, ["2023-06-10T07:59:00Z", "2024-06-09T07:58:00Z", "2025-06-09T07:57:00Z"]),
    ])
    func advancesByWholeIntervals(interval: EventInterval, moments: [String]) throws {
        var counter = counter(7, interval)
        for moment in moments { try counter.advance(to: instant(moment)) }
        #expect(counter.buckets.count == 3)
    }

    /// test_increment_events_in_the_past.
    @Test func incrementsEventsInThePast() throws {
        let t0 = instant("2023-03-10T00:00:00Z")
        var counter = counter(7, buckets: [], start: t0)
        func add(_ then: String, _ count: UInt64) throws(EventStoreError) {
            var multi = EventCounter([counter])
            try multi.increment(at: instant(then), by: count, event: "e")
            counter = multi[.days]!
        }
        #expect(try EventInterval.days.rotations(from: instant("2023-03-10T12:00:00Z"), to: t0) == 0)
        try add("2023-03-10T12:00:00Z", 1)
        #expect(counter.buckets[0] == 1)
        #expect(try EventInterval.days.rotations(from: instant("2023-03-09T12:00:00Z"), to: t0) == 0)
        try add("2023-03-09T12:00:00Z", 2)
        #expect(counter.buckets[1] == 2)
        #expect(try EventInterval.days.rotations(from: instant("2023-03-08T12:00:00Z"), to: t0) == 1)
        try add("2023-03-08T12:00:00Z", 3)
        #expect(counter.buckets[2] == 3)
        #expect(try EventInterval.days.rotations(from: instant("2023-03-11T12:00:00Z"), to: t0) == -1)
        #expect(throws: EventStoreError.inTheFuture(event: "e")) { try add("2023-03-11T12:00:00Z", 1) }
        #expect(try EventInterval.days.rotations(from: instant("2022-03-10T00:00:00Z"), to: t0) == 365)
        try add("2022-03-10T00:00:00Z", 1)
        #expect(counter.buckets.count == 3)
        #expect(counter.buckets == [1, 2, 3])
    }

    /// The SDK's quirk, kept: a past moment exactly at the current bucket's start counts in bucket 1.
    @Test func aMomentAtTheStartCountsInTheBucketBefore() throws {
        var multi = EventCounter([counter(7, buckets: [0], start: instant("2023-03-10T00:00:00Z"))])
        try multi.increment(at: instant("2023-03-10T00:00:00Z"), by: 1, event: "e")
        #expect(multi[.days]!.buckets == [0, 1])
    }
}
