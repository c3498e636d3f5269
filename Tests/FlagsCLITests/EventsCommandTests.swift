import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Formats
import Nimbus
import Prefs
import Testing
import TestHelpers
import TestTraits

/// `flags events record|list|clear` through the real binary, on the demo app with a store in a
/// temporary folder, and enrollment reading what they recorded.
@Suite(.blocking) struct EventsCommandTests {
    let folder = TemporaryDirectory()

    private func flags(_ arguments: String...) throws -> BuiltProgram.Result {
        try flags(arguments)
    }

    private func flags(_ arguments: [String]) throws -> BuiltProgram.Result {
        try BuiltProgram.run(BuiltProgram.flags, ["--store", folder.file("prefs.sqlite")] + arguments,
                             environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path], in: folder.path)
    }

    private func list() throws -> [String: JSONValue] {
        let result = try flags("events", "list", "--json")
        #expect(result.status == 0, "\(result.errors)")
        var byName: [String: JSONValue] = [:]
        for event in try JSONParser.parse(result.output)["events"]?.arrayValue ?? [] {
            byName[event["name"]?.stringValue ?? ""] = event["intervals"]
        }
        return byName
    }

    @Test func recordsNowAndInThePastAndListsTheCountsPerInterval() throws {
        #expect(try flags("events", "list").output.contains("No events recorded"))
        let now = try flags("events", "record", "app_launch", "--count", "3")
        #expect(now.status == 0, "\(now.errors)")
        #expect(now.output.hasPrefix("recorded app_launch 3 times at "))
        #expect(try flags("events", "record", "app_launch", "--at", "-2d").status == 0)
        #expect(try flags("events", "record", "app_launch", "--at", "-3h", "--count", "2").status == 0)
        #expect(try flags("events", "record", "search").status == 0)

        let events = try list()
        #expect(Set(events.keys) == ["app_launch", "search"])
        let days = try #require(events["app_launch"]?["Days"])
        #expect(days["bucketCount"] == .int(56))
        #expect(days["sum"] == .int(6))
        #expect(days["lastSeen"] == .int(0))
        // Three hours ago is today or yesterday (UTC), two days ago is bucket 2.
        let buckets = try #require(days["buckets"]?.arrayValue)
        #expect(buckets[2] == .int(1) || buckets[2] == .int(3), "\(buckets)")
        #expect(events["app_launch"]?["Minutes"]?["sum"] == .int(3))
        #expect(events["app_launch"]?["Hours"]?["buckets"]?.arrayValue?.count == 72)
        #expect(events["search"]?["Years"]?["buckets"] == .array([.int(1)]))

        let table = try flags("events", "list")
        #expect(table.output.contains("app_launch\n  INTERVAL  KEPT"), "\(table.output)")
        // Recorded in this minute, or in the one before when the clock's minute turned since
        // (a loaded machine can take that long between the record and the list).
        #expect(table.output.contains("  Minutes   60/60  3    0          3\n")
                    || table.output.contains("  Minutes   60/60  3    1          0 3\n"), "\(table.output)")
    }

    @Test func anISOTimeIsAcceptedAndTheFutureIsRefused() throws {
        // Three days ago, written as a time: counted in the Days bucket of three days ago.
        let time = Date(timeIntervalSinceNow: -3 * 86_400).formatted(.iso8601)
        let iso = try flags("events", "record", "opened", "--at", time)
        #expect(iso.status == 0, "\(iso.errors)")
        #expect(iso.output.contains("at \(time)"))
        #expect(try list()["opened"]?["Days"]?["sum"] == .int(1))

        let future = try flags("events", "record", "opened", "--at", "+1d")
        #expect(future.status == 2)
        #expect(future.errors.contains("is in the future"), "\(future.errors)")
        let nonsense = try flags("events", "record", "opened", "--at", "yesterday")
        #expect(nonsense.status == 2)
        #expect(nonsense.errors.contains("found 'yesterday'") && nonsense.errors.contains("-2d"), "\(nonsense.errors)")
        let badCount = try flags("events", "record", "opened", "--count", "0")
        #expect(badCount.status == 2)
        #expect(badCount.errors.contains("--count needs a whole number of at least 1"), "\(badCount.errors)")
    }

    @Test func clearsOneEventOrAll() throws {
        for name in ["a", "b", "c"] { #expect(try flags("events", "record", name).status == 0) }
        let one = try flags("events", "clear", "b")
        #expect(one.status == 0 && one.output == "cleared b\n", "\(one.output)\(one.errors)")
        #expect(Set(try list().keys) == ["a", "c"])
        let missing = try flags("events", "clear", "b")
        #expect(missing.status == 1)
        #expect(missing.errors.contains("no event `b` in the store") && missing.errors.contains("flags events list"), "\(missing.errors)")
        #expect(try flags("events", "clear").output == "cleared 2 events\n")
        #expect(try list().isEmpty)
    }

    @Test func helpAndUsageNameTheForms() throws {
        let help = try flags("events", "--help")
        #expect(help.status == 0)
        #expect(help.output.contains("flags events record NAME [--count N] [--at TIME]"))
        #expect(help.output.contains("ISO 8601") && help.output.contains("-2d"))
        #expect(try flags("help").output.contains("events"))
        let unknown = try flags("events", "count", "x")
        #expect(unknown.status == 2 && unknown.errors.contains("expected record, list or clear"), "\(unknown.errors)")
        #expect(try flags("events", "list", "--count", "2").status == 2)
    }

    /// An escape in a name is refused when recording; one an older tool stored reaches the
    /// terminal as `?`, and JSON keeps it exact.
    @Test func anEventNameReachesTheTerminalSanitised() throws {
        #expect(try flags("events", "record", "evil\u{1B}[31mred").status == 1)
        var events = EventStore()
        try events.record("evil\u{1B}[31mred", count: 1, now: .now)
        try SQLitePrefs(path: folder.file("prefs.sqlite"))
            .apply(documents: [EventStorePrefs.documentKey: JSONValue.object(events.events.mapValues(\.jsonValue)).compactText], changes: [])
        let table = try flags("events", "list")
        #expect(!table.output.contains("\u{1B}"), "\(table.output)")
        #expect(try list().keys.contains("evil\u{1B}[31mred"), "JSON keeps the exact name")
    }

    /// Targeting on the event store enrolls once the events are recorded, as on a device.
    @Test func enrollmentReadsTheRecordedEvents() throws {
        let record = ExperimentsCommandTests.record("frequent-users", feature: "reviews-feature", branches: [("treatment", 1, .object([:]))],
                                                    targeting: "'app_launch'|eventSum('Days', 7) >= 3 && 'app_launch'|eventLastSeen('Days') < 2")
        let path = folder.write(JSONValue.object(["data": .array([record])]).prettyText, to: "records.json")
        func status() throws -> String {
            let result = try flags("experiments", "--json", "--experiments", path)
            #expect(result.status == 0, "\(result.errors)")
            let record = try JSONParser.parse(result.output)["records"]?.arrayValue?.first
            return [record?["status"]?.stringValue, record?["reason"]?.stringValue].compactMap { $0 }.joined(separator: " ")
        }
        #expect(try status() == "not-enrolled not-targeted")
        #expect(try flags("events", "record", "app_launch", "--count", "2", "--at", "-1d").status == 0)
        #expect(try status() == "not-enrolled not-targeted")
        #expect(try flags("events", "record", "app_launch").status == 0)
        #expect(try status() == "enrolled")
    }

    /// Sixty-five long names once took the document past its own 8 MiB read limit, after which
    /// every read failed. Names are bounded and so is the document, when writing.
    @Test func namesAndTheDocumentAreBoundedWhenWriting() throws {
        let long = String(repeating: "n", count: EventStorePrefs.maximumNameBytes + 1)
        let tooLong = try flags("events", "record", long)
        #expect(tooLong.status == 1 && tooLong.errors.contains("more than the 256 an event name may be"), "\(tooLong.errors)")
        for name in ["lunch\nFORGED", "nul\u{1B}[2J"] {
            let refused = try flags("events", "record", name)
            #expect(refused.status == 1 && refused.errors.contains("holds a control character"), "\(refused.errors)")
        }
        // The count bound, filled in one write (a thousand processes would take a while).
        let prefs = try SQLitePrefs(path: folder.file("prefs.sqlite"))
        var full = EventStore()
        for index in 0..<EventStorePrefs.maximumEvents { try full.record("e\(index)", count: 1, now: .now) }
        try prefs.apply(documents: [EventStorePrefs.documentKey: JSONValue.object(full.events.mapValues(\.jsonValue)).compactText], changes: [])
        let one = try flags("events", "record", "one-more")
        #expect(one.status == 1 && one.errors.contains("already holds 1000 events"), "\(one.errors)")
        #expect(try flags("events", "record", "e7").status == 0, "an event already there can still be counted")
        #expect(try list().count == EventStorePrefs.maximumEvents)
    }

    /// A document it cannot read (here, over its size limit) is cleared all the same, and every
    /// command that evaluates targeting says the event queries see nothing until then.
    @Test func anUnreadableStoreIsReportedAndCanBeCleared() throws {
        let prefs = try SQLitePrefs(path: folder.file("prefs.sqlite"))
        try prefs.apply(documents: [EventStorePrefs.documentKey: "{" + String(repeating: " ", count: EventStorePrefs.maximumDocumentSize) + "}"], changes: [])
        let listing = try flags("events", "list")
        #expect(listing.status == 1 && listing.errors.contains("the event store cannot be read (it is larger than 8 MiB); `flags events clear` empties it"),
                "\(listing.errors)")
        let get = try flags("get", "tipJar")
        #expect(get.status == 0 && get.errors.contains("sees no events"), "targeting does not silently read an empty store: \(get.errors)")
        let clear = try flags("events", "clear")
        #expect(clear.status == 0 && clear.output.contains("cleared the event store, which could not be read"), "\(clear.errors)")
        #expect(try flags("events", "list").output.contains("No events recorded"))
        #expect(!(try flags("get", "tipJar")).errors.contains("event store"))
    }

    /// A year-1000 event counted nothing and a 30 February was stored as 2 March: both refused.
    @Test(arguments: [("1000-01-01T00:00:00Z", "older than any count the event store keeps"),
                      ("2026-02-30T09:00:00Z", "needs an ISO 8601 time"), ("2026-13-01T00:00:00Z", "needs an ISO 8601 time"),
                      ("2026-11-28T24:00:00Z", "needs an ISO 8601 time"), ("-2000w", "older than any count")])
    func aTimeThatCountsNothingOrDoesNotExistIsRefused(at: String, message: String) throws {
        let result = try flags("events", "record", "app_launch", "--at", at)
        #expect(result.status == 2 && result.errors.contains(message), "\(at): \(result.errors)")
        #expect(try list().isEmpty)
    }
}
