import Testing
@testable import Formats
@testable import Nimbus

/// The event transforms through JEXL, as `test_integration_smoke_test` of application-services
/// `components/nimbus/src/tests/stateful/test_behavior.rs` (MPL 2.0) calls them, and their
/// argument rules from `stateful/behavior.rs` (`validate_counting_arguments`,
/// `validate_last_seen_arguments`).
@Suite struct EventQueryTransformTests {
    let now = instant("2026-06-15T12:34:56Z")

    private func transforms() throws -> JEXLTransforms {
        var store = EventStore()
        try store.record("dummy_event", count: 1, now: now)
        return .nimbus(events: store, now: now)
    }

    private func evaluate(_ source: String) throws -> Bool {
        try JEXLExpression(parse: source).evaluateCondition(in: [:], transforms: transforms())
    }

    /// The smoke test's expressions (`24 * 60` written out as 1440). Nil: an error.
    @Test(arguments: [
        ("'dummy_event'|eventSum('Minutes') >= 0", nil),
        ("'dummy_event'|eventSum('Minutes', 1) == 1", true),
        ("'dummy_event'|eventSum('Minutes', 1, 1) == 0", true),
        ("'dummy_event'|eventSum('Minutes', 1, 1440) == 0", true),
        ("'dummy_event'|eventSum('Minutes', 1440) == 1", true),
        ("'dummy_event'|eventSum('Years') >= 0", nil),
        ("'dummy_event'|eventSum('Years', 1) == 1", true),
        ("'dummy_event'|eventSum('Years', 1, 1) == 0", true),
        ("'dummy_event'|eventCountNonZero('Minutes') >= 0", nil),
        ("'dummy_event'|eventCountNonZero('Minutes', 1) == 1", true),
        ("'dummy_event'|eventCountNonZero('Minutes', 1, 1) == 0", true),
        ("'dummy_event'|eventAveragePerInterval('Minutes') >= 0", nil),
        ("'dummy_event'|eventAveragePerInterval('Minutes', 1) == 1", true),
        ("'dummy_event'|eventAveragePerInterval('Minutes', 1, 1) == 0", true),
        ("'dummy_event'|eventAveragePerNonZeroInterval('Minutes') >= 0", nil),
        ("'dummy_event'|eventAveragePerNonZeroInterval('Minutes', 1) >= 0", true),
        ("'dummy_event'|eventAveragePerNonZeroInterval('Minutes', 1, 1) >= 0", true),
        ("'dummy_event'|eventLastSeen('Minutes') == 0", true),
        ("'dummy_event'|eventLastSeen('Minutes', 1) > 60", true),
        ("'dummy_event'|eventLastSeen('Minutes', 1, 1) >= 0", nil),
        ("'dummy_event'|eventLastSeen('Minutes', 1440) > 1440", true),
    ] as [(String, Bool?)])
    func answersTheSmokeTest(source: String, expected: Bool?) throws {
        if let expected {
            #expect(try evaluate(source) == expected, "\(source)")
        } else {
            #expect(throws: (any Error).self, "\(source)") { try evaluate(source) }
        }
    }

    private func read(_ kind: EventQueryKind, _ subject: JSONValue, _ arguments: [JSONValue]) throws(JEXLError) -> EventQueryTransform.Query {
        try EventQueryTransform.read(kind, subject, arguments)
    }

    @Test func readsArgumentsAsTheSDK() throws {
        #expect(try read(.sum, .string("e"), [.string("Days"), .int(7)]) == .init(event: "e", interval: .days, buckets: 7, start: 0))
        #expect(try read(.sum, .string("e"), [.string("Weeks"), .double(2.9), .double(1.5)]) == .init(event: "e", interval: .weeks, buckets: 2, start: 1))
        #expect(try read(.sum, .string("e"), [.string("Hours"), .int(-3), .double(-1)]) == .init(event: "e", interval: .hours, buckets: 0, start: 0))
        #expect(try read(.lastSeen, .string("e"), [.string("Months")]) == .init(event: "e", interval: .months, buckets: .max, start: 0))
        #expect(try read(.lastSeen, .string("e"), [.string("Years"), .int(2)]) == .init(event: "e", interval: .years, buckets: .max - 2, start: 2))
    }

    @Test(arguments: [
        (EventQueryKind.sum, JSONValue.string("e"), [JSONValue.string("Days")], "takes 2 or 3 arguments (found 1)"),
        (.sum, .string("e"), [.string("Days"), .int(1), .int(1), .int(1)], "takes 2 or 3 arguments (found 4)"),
        (.lastSeen, .string("e"), [], "takes 1 or 2 arguments (found 0)"),
        (.lastSeen, .string("e"), [.string("Days"), .int(1), .int(1)], "takes 1 or 2 arguments (found 3)"),
        (.sum, .int(1), [.string("Days"), .int(1)], "needs an event name string"),
        (.sum, .string("e"), [.int(1), .int(1)], "needs an interval name"),
        (.sum, .string("e"), [.string("days"), .int(1)], "has no interval 'days'"),
        (.sum, .string("e"), [.string("Fortnights"), .int(1)], "'Minutes', 'Hours', 'Days', 'Weeks', 'Months', 'Years'"),
        (.sum, .string("e"), [.string("Days"), .string("7")], "a number of buckets (a number) as its second argument"),
        (.sum, .string("e"), [.string("Days"), .int(7), .bool(true)], "a starting bucket (a number) as its third argument"),
        (.lastSeen, .string("e"), [.string("Days"), .null], "a starting bucket (a number) as its second argument"),
    ])
    func refusesWhatTheSDKRefuses(kind: EventQueryKind, subject: JSONValue, arguments: [JSONValue], message: String) {
        do {
            _ = try read(kind, subject, arguments)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains(message), "\(error)")
        }
    }

    @Test func answersDoublesAndNullForAnAverageOverNothing() throws {
        let all = try transforms()
        #expect(try all.byName["eventSum"]!(.string("dummy_event"), [.string("Days"), .int(3)]) == .double(1))
        #expect(try all.byName["eventAveragePerInterval"]!(.string("dummy_event"), [.string("Days"), .int(0)]) == .null)
        #expect(try all.byName["eventLastSeen"]!(.string("nothing"), [.string("Days")]) == .double(.greatestFiniteMagnitude))
    }

    @Test func preferenceIsUserSetIsFalseWithoutGeckoAndAsksTheHandlerOtherwise() throws {
        let ios = JEXLTransforms.nimbus(events: EventStore(), now: now)
        #expect(try ios.byName["preferenceIsUserSet"]!(.string("test.pref"), []) == .bool(false))
        let gecko = JEXLTransforms.nimbus(events: EventStore(), now: now, isPreferenceUserSet: { $0 == "test.pref" })
        #expect(try gecko.byName["preferenceIsUserSet"]!(.string("test.pref"), []) == .bool(true))
        #expect(try gecko.byName["preferenceIsUserSet"]!(.string("other.pref"), []) == .bool(false))
        #expect(throws: JEXLError.self) { try gecko.byName["preferenceIsUserSet"]!(.string("test.pref"), [.int(1)]) }
        #expect(throws: JEXLError.self) { try gecko.byName["preferenceIsUserSet"]!(.int(1), []) }
    }

    @Test func registersEveryTransformTheSDKRegisters() {
        #expect(Set(JEXLTransforms.nimbus(events: EventStore(), now: now).byName.keys) == [
            "versionCompare", "bucketSample", "preferenceIsUserSet", "eventSum", "eventCountNonZero",
            "eventAveragePerInterval", "eventAveragePerNonZeroInterval", "eventLastSeen",
        ])
    }

    /// Triggers of Firefox for iOS's messaging feature (Examples/firefox-ios/manifest/
    /// nimbus-features/messagingFeature.yaml), over launches `daysAgo` days before now.
    @Test(arguments: [
        ([0], true), ([1], false), ([2], false), ([3], true), ([0, 1], false), ([0, 5], true),
    ])
    func notLaunchedYesterdayReadsFromTheBucketBefore(daysAgo: [Int], expected: Bool) throws {
        var store = EventStore()
        for days in daysAgo { try store.record("app_cycle.foreground", count: 1, ago: Int64(days) * day, now: now) }
        let trigger = try JEXLExpression(parse: "'app_cycle.foreground'|eventLastSeen('Days', 1) > 1")
        // The SDK's position is counted from the starting bucket: a launch two days ago is 1.
        #expect(try trigger.evaluateCondition(in: [:], transforms: .nimbus(events: store, now: now)) == expected, "\(daysAgo)")
    }

    @Test func launchesThisWeekCountFromTheWeekTheYearStartedOn() throws {
        var store = EventStore()
        let trigger = try JEXLExpression(parse: "'app_cycle.foreground'|eventSum('Weeks', 1, 0) >= 3")
        // 2026-06-15 is day 165 of the year: its "week" began on day 161 (June 11, a Thursday).
        try store.record("app_cycle.foreground", count: 2, ago: 4 * day, now: now)
        try store.record("app_cycle.foreground", count: 1, ago: 5 * day, now: now)
        #expect(try !trigger.evaluateCondition(in: [:], transforms: .nimbus(events: store, now: now)))
        try store.record("app_cycle.foreground", count: 1, ago: 3 * day, now: now)
        #expect(try trigger.evaluateCondition(in: [:], transforms: .nimbus(events: store, now: now)))
    }
}
