/// The counts of the app's events that targeting reads through `eventSum`, `eventCountNonZero`,
/// `eventAveragePerInterval`, `eventAveragePerNonZeroInterval` and `eventLastSeen`: the Nimbus
/// SDK's event store (`stateful/behavior.rs`), counted the same way.
///
/// A value type: the prefs store keeps one `EventCounter` per event (see the `FeatureFlags`
/// module's `EventStorePrefs`), and enrollment reads a copy advanced to one `now` for a whole
/// evaluation, so every record sees the same counts.
///
/// ```swift
/// var store = EventStore()
/// try store.record("app_launch", count: 1, now: now)
/// try store.query(.sum, event: "app_launch", interval: .days, buckets: 7, startingAt: 0, now: now)  // 1
/// ```
public struct EventStore: Sendable, Hashable {
    public var events: [String: EventCounter]

    public init(events: [String: EventCounter] = [:]) {
        self.events = events
    }

    /// Records `count` occurrences at `now` (the SDK's `record_event`).
    public mutating func record(_ event: String, count: UInt64 = 1, now: EventInstant) throws(EventStoreError) {
        var counter = events[event] ?? EventCounter(createdAt: now)
        try counter.advance(to: now)
        counter.increment(by: count)
        events[event] = counter
    }

    /// Records `count` occurrences `ago` milliseconds before `now` (the SDK's `record_past_event`).
    public mutating func record(_ event: String, count: UInt64 = 1, ago: Int64, now: EventInstant) throws(EventStoreError) {
        var counter = events[event] ?? EventCounter(createdAt: now)
        try counter.advance(to: now)
        try counter.increment(at: now.adding(milliseconds: -ago), by: count, event: event)
        events[event] = counter
    }

    /// Every counter moved on to `now`, as the SDK's queries move them before reading.
    public func advanced(to now: EventInstant) throws(EventStoreError) -> EventStore {
        var copy = self
        for name in events.keys { try copy.events[name]!.advance(to: now) }
        return copy
    }

    /// The answer of `kind` over `buckets` buckets of `interval` from `start`, at `now`; nil where
    /// the SDK answers JSON `null` (an average over zero buckets).
    public func query(_ kind: EventQueryKind, event: String, interval: EventInterval, buckets: Int, startingAt start: Int,
                      now: EventInstant) throws(EventStoreError) -> Double? {
        guard var counter = events[event]?[interval] else { return kind.valueWhenAbsent }
        try counter.advance(to: now)
        return counter.query(kind, buckets: buckets, startingAt: start)
    }
}
