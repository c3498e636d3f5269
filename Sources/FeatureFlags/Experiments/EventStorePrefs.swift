import Platform
import Formats
import Nimbus
import Prefs
import Synchronization

/// The Nimbus event store (what `eventSum`, `eventLastSeen` and the other event transforms read),
/// kept in the app's store beside the Nimbus client's own state.
///
/// All events are one document, `nimbus.events` (`Prefs.documents(forKeys:)`): a JSON object of
/// event name to its counts (`EventCounter.jsonValue`), never among the preferences, whose
/// snapshot every process that checks a flag loads whole. Each change (record, clear) is one
/// transaction. A change reads, changes and writes the document under a lock in one process;
/// two processes recording at the same instant may lose one of the two changes (the store has no
/// compare-and-swap), as `FeatureExposures` may, which QA's event counts can afford.
///
/// ```swift
/// let events = EventStorePrefs(prefs: flags.prefs)
/// try events.record("app_launch", count: 3, ago: 2 * 86_400_000)
/// try events.load().query(.sum, event: "app_launch", interval: .days, buckets: 7, startingAt: 0, now: .now)
/// ```
public struct EventStorePrefs: Sendable {
    /// The document's key.
    public static let documentKey = "nimbus.events"
    /// A document larger than this is refused as damaged, and never written: a thousand events
    /// at the SDK's bucket counts take well under 2 MiB.
    public static let maximumDocumentSize = 8 * 1024 * 1024
    /// The most events the store keeps, and the longest name, in bytes: an app records a few
    /// dozen events of short names; without a bound, sixty-five long names took the document
    /// past its own read limit and every later read failed.
    public static let maximumEvents = 1_000
    public static let maximumNameBytes = 256

    private let prefs: Prefs

    public init(prefs: Prefs) {
        self.prefs = prefs
    }

    /// The stored events; an empty store when none were ever recorded. A damaged document is an
    /// error naming the store and the fix.
    public func load() throws -> EventStore {
        guard let text = try prefs.documents(forKeys: [Self.documentKey])[Self.documentKey] else { return EventStore() }
        guard text.utf8.count <= Self.maximumDocumentSize else {
            throw EventStoreError.unreadable(reason: "it is larger than \(Self.maximumDocumentSize / 1024 / 1024) MiB")
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(text, file: Self.documentKey)
        } catch {
            throw EventStoreError.unreadable(reason: "\(error)")
        }
        guard case .object(let object) = json else { throw EventStoreError.unreadable(reason: "not a JSON object") }
        var events: [String: EventCounter] = [:]
        for (name, value) in object { events[name] = try EventCounter(json: value, event: name) }
        return EventStore(events: events)
    }

    /// Records `count` occurrences of `event` `ago` milliseconds before `now` (0: now), as the
    /// SDK's `record_event` and `record_past_event` count them.
    public func record(_ event: String, count: UInt64 = 1, ago: Int64 = 0, now: EventInstant = .now) throws {
        try Self.checkName(event)
        try change { store throws in
            if store.events[event] == nil, store.events.count >= Self.maximumEvents {
                throw EventStoreLimit("the event store already holds \(Self.maximumEvents) events, the most it keeps; "
                                      + "forget some with `flags events clear NAME` (or all with `flags events clear`)")
            }
            if ago == 0 {
                try store.record(event, count: count, now: now)
            } else {
                try store.record(event, count: count, ago: ago, now: now)
            }
        }
    }

    /// Removes one event's counts (`name`), or every event's (nil). Returns whether there was
    /// anything to remove.
    @discardableResult
    public func clear(_ name: String? = nil) throws -> Bool {
        guard let name else {
            return try Self.lock.withLock { _ in
                let had = try prefs.documents(forKeys: [Self.documentKey])[Self.documentKey] != nil
                if had { try prefs.apply(documents: [Self.documentKey: String?.none], changes: []) }
                return had
            }
        }
        var removed = false
        try change { store in removed = store.events.removeValue(forKey: name) != nil }
        return removed
    }

    private static let lock = Mutex(())

    private func change(_ body: (inout EventStore) throws -> Void) throws {
        try Self.lock.withLock { _ in
            var store = try load()
            let before = store
            try body(&store)
            guard store != before else { return }
            let text = store.events.isEmpty ? nil : Self.text(of: store)
            if let text, text.utf8.count > Self.maximumDocumentSize {
                throw EventStoreLimit("the event store would be larger than \(Self.maximumDocumentSize / 1024 / 1024) MiB, "
                                      + "the most it reads back; forget some events with `flags events clear NAME`")
            }
            try prefs.apply(documents: [Self.documentKey: text], changes: [])
        }
    }

    /// An event name is an id: short, and free of control characters (which the store refuses in
    /// any key, and which would break the lines of `flags events list`).
    static func checkName(_ event: String) throws(EventStoreLimit) {
        if event.isEmpty { throw EventStoreLimit("an event name cannot be empty") }
        if event.utf8.count > maximumNameBytes {
            throw EventStoreLimit("the event name is \(event.utf8.count) bytes long, more than the \(maximumNameBytes) an event name may be")
        }
        if let problem = PrefKey.problem(with: event) { throw EventStoreLimit("the event name \(problem)") }
    }

    private static func text(of store: EventStore) -> String {
        JSONValue.object(store.events.mapValues(\.jsonValue)).compactText
    }
}

/// A change the event store refuses because of its bounds, before anything is written.
public struct EventStoreLimit: Error, Sendable, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
