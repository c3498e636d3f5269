@testable import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Nimbus
import Prefs
import Testing

/// The event store in a real store file: one document outside the preferences, read back by
/// another connection exactly (record_event_should_function's persistence half, from
/// application-services `tests/stateful/test_behavior.rs`), cleared per event or whole, and a
/// damaged document reported with the fix rather than read as empty.
@Suite struct EventStorePrefsTests {
    let folder = TemporaryDirectory()
    var storePath: String { folder.file("state/prefs.sqlite") }
    let now = EventInstant(year: 2026, month: 6, day: 15, hour: 12, minute: 34, second: 56)

    @Test func recordedEventsAreReadBackByAnotherConnection() throws {
        let writer = EventStorePrefs(prefs: try SQLitePrefs(path: storePath))
        try writer.record("event-1", count: 1, now: now)
        try writer.record("event-1", count: 1, now: now.adding(milliseconds: 2 * 86_400_000))
        try writer.record("event-2", count: 4, ago: 3 * 86_400_000, now: now)

        var expected = EventStore()
        try expected.record("event-1", count: 1, now: now)
        try expected.record("event-1", count: 1, now: now.adding(milliseconds: 2 * 86_400_000))
        try expected.record("event-2", count: 4, ago: 3 * 86_400_000, now: now)

        let reader = try SQLitePrefs(path: storePath)
        let read = try EventStorePrefs(prefs: reader).load()
        #expect(read == expected)
        #expect(read.events["event-1"]?[.days]?.buckets.prefix(3) == [1, 0, 1])
        // Three days before 12:34 is two whole days before today's midnight: bucket 3.
        #expect(read.events["event-2"]?[.days]?.buckets[3] == 4)
        // Never among the preferences that every flag check loads.
        #expect(reader.allEntries().keys.filter { $0.hasPrefix("nimbus.events") }.isEmpty)
        #expect(try reader.documents(forKeys: [EventStorePrefs.documentKey]).count == 1)
    }

    @Test func clearsOneEventOrEveryEvent() throws {
        let prefs = try SQLitePrefs(path: storePath)
        let events = EventStorePrefs(prefs: prefs)
        for name in ["a", "b"] { try events.record(name, now: now) }
        #expect(try events.clear("a"))
        #expect(try !events.clear("a"))
        #expect(Set(try events.load().events.keys) == ["b"])
        #expect(try events.clear())
        #expect(try events.load().events.isEmpty)
        #expect(try prefs.documents(forKeys: [EventStorePrefs.documentKey]).isEmpty)
        #expect(try !events.clear())
    }

    @Test func aFutureRecordChangesNothing() throws {
        let events = EventStorePrefs(prefs: try SQLitePrefs(path: storePath))
        try events.record("a", now: now)
        let before = try events.load()
        #expect(throws: EventStoreError.self) { try events.record("a", ago: -3_600_000, now: now) }
        #expect(try events.load() == before)
    }

    @Test(arguments: [
        ("not json", "nimbus.events"),
        (#"[1]"#, "not a JSON object"),
        (#"{"a": {"Days": {"bucketCount": 56, "buckets": [-1], "start": 0}}}"#, "a count is not a whole number"),
        (#"{"a": {"Days": {"bucketCount": 99999999, "buckets": [], "start": 0}}}"#, "bucketCount must be a whole number from 1 to 10000"),
        (#"{"a": {"Days": {"bucketCount": 1, "buckets": [1, 2], "start": 0}}}"#, "at most 1 counts"),
        (#"{"a": {"Fortnights": {"bucketCount": 1, "buckets": [], "start": 0}}}"#, "unknown interval `Fortnights`"),
    ])
    func aDamagedDocumentIsAnErrorWithTheFix(text: String, reason: String) throws {
        let prefs = try SQLitePrefs(path: storePath)
        try prefs.apply(documents: [EventStorePrefs.documentKey: text], changes: [])
        let events = EventStorePrefs(prefs: prefs)
        do {
            _ = try events.load()
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains(reason), "\(error)")
            #expect("\(error)".contains("flags events clear"), "\(error)")
        }
        let (store, problem) = FlagsEnvironment.events(prefs: prefs)
        #expect(store.events.isEmpty, "enrollment goes on without the damaged counts")
        #expect(problem?.contains("sees no events") == true, "and says the event queries see none")
    }

    /// What enrollment gets: the stored events behind every transform the SDK registers.
    @Test func theEnvironmentsTransformsReadTheStore() throws {
        let prefs = try SQLitePrefs(path: storePath)
        try EventStorePrefs(prefs: prefs).record("app_launch", count: 3)
        let (store, problem) = FlagsEnvironment.events(prefs: prefs)
        #expect(problem == nil)
        let transforms = JEXLTransforms.nimbus(events: store, now: .now)
        #expect(try transforms.byName["eventSum"]?(.string("app_launch"), [.string("Days"), .int(1)]) == .double(3))
        #expect(try transforms.byName["preferenceIsUserSet"]?(.string("any.pref"), []) == .bool(false))
        #expect(try transforms.byName["versionCompare"]?(.string("2"), [.string("1")]) == .int(1))
    }
}
