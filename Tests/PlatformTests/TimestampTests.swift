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
}
