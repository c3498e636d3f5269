import Testing
import Platform

@Suite struct TimestampTests {
    @Test func writesUTCSecondsAndReadsThemBack() {
        #expect(Timestamp.iso8601(0) == "1970-01-01T00:00:00Z")
        #expect(Timestamp.iso8601(1_800_000_000.9) == "2027-01-15T08:00:00Z")
        #expect(Timestamp.parse("2027-01-15T08:00:00Z") == 1_800_000_000)
        #expect(Timestamp.parse(Timestamp.iso8601(1_234_567_890)) == 1_234_567_890)
    }

    @Test(arguments: ["", "yesterday", "2027-01-15", "15/01/2027 08:00"])
    func refusesWhatIsNotADateAndTime(_ text: String) {
        #expect(Timestamp.parse(text) == nil)
    }

    @Test func agesAreShort() {
        #expect(Timestamp.age(since: 100, now: 112) == "12s")
        #expect(Timestamp.age(since: 0, now: 300) == "5m")
        #expect(Timestamp.age(since: 0, now: 3 * 3600) == "3h")
        #expect(Timestamp.age(since: 0, now: 2 * 86_400 + 5) == "2d")
        #expect(Timestamp.age(since: 50, now: 10) == "0s")
    }

    @Test(arguments: ["2026-02-30T00:00:00Z", "2025-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-00-10T00:00:00Z",
                      "2026-01-10T25:00:00Z", "2026-01-10T10:60:00Z", "2026-01-10T10:00:61Z"])
    func aDayOrTimeThatDoesNotExistIsNotATime(text: String) {
        #expect(Timestamp.parse(text) == nil)
    }

    @Test func leapDaysExistInLeapYearsOnly() {
        #expect(Timestamp.parse("2024-02-29T12:00:00Z") != nil && Timestamp.parse("2000-02-29T12:00:00Z") != nil)
        #expect(Timestamp.parse("1900-02-29T12:00:00Z") == nil)
    }
}
