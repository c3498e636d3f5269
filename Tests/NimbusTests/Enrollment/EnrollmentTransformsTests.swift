import Testing
@testable import Nimbus

/// Enrollment calls the transforms it is given: the event store, `bucketSample` and
/// `preferenceIsUserSet` decide targeting as on a device, and without a store the event
/// queries are not registered (an error, never a silent false).
@Suite struct EnrollmentTransformsTests {
    let client = NimbusClient(nimbusID: "3d2142de-53bf-2d48-a92d-45fb7036cbf6", appName: "firefox_ios",
                              appId: "org.mozilla.ios.Firefox", channel: "release")
    let now = EventInstant(year: 2026, month: 6, day: 15, hour: 12, minute: 34, second: 56)

    private func status(targeting: String, transforms: JEXLTransforms) throws -> EnrollmentStatus {
        let record = try ExperimentRecord(json: RecordFixtures.record(slug: "exp", changes: ["targeting": .string(targeting)]))
        return EnrollmentEvaluator.evaluate(records: [record], client: client, transforms: transforms)[0].status
    }

    @Test func eventTargetingFollowsTheStore() throws {
        var store = EventStore()
        let targeting = "'app_launch'|eventSum('Days', 7) >= 2"
        #expect(try status(targeting: targeting, transforms: .nimbus(events: store, now: now)) == .notEnrolled(.notTargeted))
        try store.record("app_launch", count: 2, ago: 86_400_000, now: now)
        #expect(try status(targeting: targeting, transforms: .nimbus(events: store, now: now)) == .enrolled(branch: "control"))
        // A week later the two launches are out of the seven days.
        #expect(try status(targeting: targeting, transforms: .nimbus(events: store, now: now.adding(milliseconds: 8 * 86_400_000)))
                == .notEnrolled(.notTargeted))
        guard case .error(let message) = try status(targeting: targeting, transforms: .stateless) else {
            Issue.record("without an event store the query is an error")
            return
        }
        #expect(message.contains("eventSum"))
    }

    @Test func neverSeenIsTheLargestDouble() throws {
        #expect(try status(targeting: "'app_launch'|eventLastSeen('Days') > 10000", transforms: .nimbus(events: EventStore(), now: now))
                == .enrolled(branch: "control"))
    }

    @Test func bucketSampleAndPreferencesDecideToo() throws {
        let all = JEXLTransforms.nimbus(events: EventStore(), now: now)
        #expect(try status(targeting: "'x'|bucketSample(0, 100, 100)", transforms: all) == .enrolled(branch: "control"))
        #expect(try status(targeting: "'x'|bucketSample(0, 0, 100)", transforms: all) == .notEnrolled(.notTargeted))
        #expect(try status(targeting: "'test.pref'|preferenceIsUserSet", transforms: all) == .notEnrolled(.notTargeted))
        let gecko = JEXLTransforms.nimbus(events: EventStore(), now: now, isPreferenceUserSet: { $0 == "test.pref" })
        #expect(try status(targeting: "'test.pref'|preferenceIsUserSet", transforms: gecko) == .enrolled(branch: "control"))
    }
}
