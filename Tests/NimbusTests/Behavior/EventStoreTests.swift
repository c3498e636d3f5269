import Testing
@testable import Nimbus

/// The multi-interval-counter and event-store vectors of application-services
/// `components/nimbus/src/tests/stateful/test_behavior.rs` (MPL 2.0). Where upstream reads the
/// clock (`Utc::now()`), these take several fixed moments, none on an interval boundary, as
/// the clock never is; the checks upstream skips across a new year are skipped the same way.
@Suite struct EventStoreTests {
    static let moments = ["2026-06-15T12:34:56Z", "2026-03-01T00:30:07Z", "2026-12-31T23:59:31Z", "2026-01-08T06:07:08Z",
                          "2026-01-01T10:11:12Z", "2024-02-29T13:14:15Z"].map(instant)

    private func twoIntervals(start: EventInstant?, now: EventInstant) -> EventCounter {
        if let start {
            return EventCounter([
                EventIntervalCounter(interval: .months, bucketCount: 12, buckets: [0], startingInstant: start),
                EventIntervalCounter(interval: .days, bucketCount: 28, buckets: [0], startingInstant: start),
            ])
        }
        return EventCounter([
            EventIntervalCounter(interval: .months, bucketCount: 12, createdAt: now),
            EventIntervalCounter(interval: .days, bucketCount: 28, createdAt: now),
        ])
    }

    /// test_increment_many.
    @Test func incrementsEveryInterval() {
        var counter = twoIntervals(start: nil, now: Self.moments[0])
        counter.increment(by: 1)
        #expect(counter[.months]!.buckets[0] == 1)
        #expect(counter[.days]!.buckets[0] == 1)
    }

    /// test_advance_do_not_advance, test_advance_advance_some (multi-interval).
    @Test(arguments: moments)
    func advancesEachIntervalOnItsOwn(now: EventInstant) throws {
        var minuteLater = twoIntervals(start: now, now: now)
        try minuteLater.advance(to: now.adding(milliseconds: minute))
        #expect(minuteLater[.months]!.buckets.count == 1)
        #expect(minuteLater[.days]!.buckets.count == 1)
        var dayLater = twoIntervals(start: now, now: now)
        try dayLater.advance(to: now.adding(milliseconds: day))
        #expect(dayLater[.months]!.buckets.count == 1)
        #expect(dayLater[.days]!.buckets.count == 2)
    }

    /// test_advance_*_relative: every default interval started at one moment, one event, then
    /// advanced past one boundary of the interval under test.
    @Test(arguments: [
        (EventInterval.minutes, "2022-06-10T23:59:30Z", "2022-06-11T00:01:20Z"),
        (.hours, "2022-06-10T23:59:00Z", "2022-06-11T01:15:00Z"),
        (.days, "2022-06-10T23:59:00Z", "2022-06-12T01:15:00Z"),
        (.weeks, "2022-06-10T23:59:00Z", "2022-06-19T01:15:00Z"),
        (.months, "2022-06-10T23:59:00Z", "2022-08-02T01:15:00Z"),
        (.years, "2022-06-10T23:59:00Z", "2024-06-02T01:15:00Z"),
    ])
    func advancesRelativeToTheStart(interval: EventInterval, start: String, now: String) throws {
        var counter = EventCounter(EventInterval.allCases.map {
            EventIntervalCounter(interval: $0, bucketCount: $0.defaultBucketCount, buckets: [0], startingInstant: instant(start))
        })
        counter.increment(by: 1)
        try counter.advance(to: instant(now))
        #expect(counter[interval]!.buckets[1] == 1)
    }

    /// record_event_should_function (without the database; the prefs store's round trip is
    /// EventStorePrefsTests) and record_event_should_create_events_where_applicable.
    @Test(arguments: moments)
    func recordsEvents(now: EventInstant) throws {
        var store = EventStore(events: ["event-1": twoIntervals(start: now, now: now), "event-2": twoIntervals(start: now, now: now)])
        try store.record("event-1", count: 1, now: now.adding(milliseconds: 2 * day))
        #expect(store.events["event-1"]![.months]!.buckets == [1])
        #expect(store.events["event-1"]![.days]!.buckets == [1, 0, 0])
        #expect(store.events["event-2"]![.days]!.buckets == [0])

        var fresh = EventStore()
        try fresh.record("test", count: 1, now: now)
        for interval in EventInterval.allCases {
            #expect(fresh.events["test"]![interval]!.buckets[0] == 1)
            #expect(fresh.events["test"]![interval]!.bucketCount == interval.defaultBucketCount)
        }
    }

    /// query_sum_should_function, query_count_non_zero_should_function,
    /// query_average_should_function, query_average_per_non_zero_interval_should_function.
    @Test(arguments: moments.filter { $0.dayOfYear >= 28 })
    func answersCountingQueries(now: EventInstant) throws {
        var store = EventStore(events: ["event-1": twoIntervals(start: nil, now: now), "event-2": twoIntervals(start: nil, now: now)])
        try store.record("event-1", count: 1, now: now.adding(milliseconds: 2 * day))
        try store.record("event-1", count: 1, now: now.adding(milliseconds: 3 * day))
        try store.record("event-1", count: 1, now: now.adding(milliseconds: 3 * day))
        func query(_ kind: EventQueryKind, _ buckets: Int, _ start: Int) throws -> Double? {
            try store.query(kind, event: "event-1", interval: .days, buckets: buckets, startingAt: start, now: now)
        }
        #expect(try query(.sum, 7, 0) == 3)
        #expect(try query(.sum, 0, 0) == 0)
        #expect(try query(.sum, 7, 7) == 0)
        #expect(try query(.countNonZero, 7, 0) == 2)
        #expect(try query(.countNonZero, 7, 2) == 0)
        #expect(try query(.averagePerInterval, 7, 0) == 0.42857142857142855)
        #expect(try query(.averagePerInterval, 2, 0) == 1.5)
        #expect(try query(.averagePerNonZeroInterval, 7, 0) == 1.5)
        #expect(try query(.averagePerNonZeroInterval, 7, 2) == 0)
        // 0 / 0: the SDK's JSON turns NaN into null.
        #expect(try query(.averagePerInterval, 0, 0) == nil)
        #expect(try store.query(.sum, event: "never", interval: .days, buckets: 7, startingAt: 0, now: now) == 0)
        #expect(try store.query(.lastSeen, event: "never", interval: .days, buckets: 7, startingAt: 0, now: now) == .greatestFiniteMagnitude)
    }

    /// query_last_seen_should_function.
    @Test(arguments: moments.filter { $0.dayOfYear >= 28 })
    func answersLastSeen(now: EventInstant) throws {
        var store = EventStore(events: ["event-1": twoIntervals(start: nil, now: now)])
        try store.record("event-1", count: 1, ago: 10 * day, now: now)
        try store.record("event-1", count: 1, ago: 20 * day, now: now)
        #expect(try store.query(.lastSeen, event: "event-1", interval: .days, buckets: .max, startingAt: 0, now: now) == 10)
        #expect(try store.query(.lastSeen, event: "event-1", interval: .days, buckets: 365, startingAt: 21, now: now) == .greatestFiniteMagnitude)
    }

    /// record_past_event_should_reflect_in_queries.
    @Test(arguments: moments)
    func pastEventsReflectInQueries(now: EventInstant) throws {
        var store = EventStore()
        let event = "app_launch"
        let then = now.adding(milliseconds: -day)
        try store.record(event, count: 5, ago: day, now: now)
        func query(_ kind: EventQueryKind, _ interval: EventInterval, _ buckets: Int, _ start: Int) throws -> Double? {
            try store.query(kind, event: event, interval: interval, buckets: buckets, startingAt: start, now: now)
        }
        let sameYear = now.year == then.year
        let sameWeek = now.dayOfYear / 7 == then.dayOfYear / 7
        let sameMonth = now.dayOfYear / 28 == then.dayOfYear / 28
        #expect(try query(.sum, .minutes, 60, 0) == 0)
        #expect(try query(.sum, .hours, 24, 0) == 0)
        #expect(try query(.sum, .days, 56, 0) == 5)
        if sameYear {
            #expect(try query(.sum, .weeks, 1, sameWeek ? 0 : 1) == 5)
            #expect(try query(.sum, .months, 1, sameMonth ? 0 : 1) == 5)
            #expect(try query(.sum, .years, 1, 0) == 5)
        }
        #expect(try query(.sum, .weeks, 2, 0) == 5)
        #expect(try query(.sum, .months, 2, 0) == 5)
        #expect(try query(.sum, .years, 2, 0) == 5)
        #expect(try query(.sum, .days, 1, 1) == 5)
        #expect(try query(.sum, .hours, 1, 24) == 5)
        #expect(try query(.lastSeen, .hours, 24, 0) == .greatestFiniteMagnitude)
        #expect(try query(.lastSeen, .days, 56, 0) == 1)
        if sameYear {
            #expect(try query(.lastSeen, .weeks, 52, 0) == (sameWeek ? 0 : 1))
            #expect(try query(.lastSeen, .months, 12, 0) == (sameMonth ? 0 : 1))
            #expect(try query(.lastSeen, .years, 12, 0) == 0)
        }

        store = EventStore()
        let weekAgo = now.adding(milliseconds: -7 * day)
        try store.record(event, count: 5, ago: 7 * day, now: now)
        #expect(try query(.lastSeen, .hours, 24, 0) == .greatestFiniteMagnitude)
        #expect(try query(.lastSeen, .days, 56, 0) == 7)
        #expect(try query(.lastSeen, .weeks, 52, 0) == 1)
        #expect(try query(.lastSeen, .years, 12, 0) == Double(now.year - weekAgo.year))
    }

    /// advancing_datum_should_reflect_in_queries.
    @Test(arguments: moments)
    func laterQueriesSeeTimePass(now: EventInstant) throws {
        var store = EventStore()
        try store.record("app_launch", count: 2, now: now)
        let later = now.adding(milliseconds: 10 * day)
        #expect(try store.query(.lastSeen, event: "app_launch", interval: .days, buckets: 56, startingAt: 0, now: later) == 10)
        try store.record("app_launch", count: 1, ago: 2 * day, now: later)
        #expect(try store.query(.lastSeen, event: "app_launch", interval: .days, buckets: 56, startingAt: 0, now: later) == 2)
        #expect(try store.query(.sum, event: "app_launch", interval: .days, buckets: 56, startingAt: 0, now: later) == 3)
    }

    @Test func aFutureMomentChangesNothing() throws {
        let now = Self.moments[0]
        var store = EventStore()
        try store.record("e", count: 1, now: now)
        let before = store
        #expect(throws: EventStoreError.inTheFuture(event: "e")) { try store.record("e", count: 1, ago: -2 * minute, now: now) }
        #expect(store == before)
    }
}
