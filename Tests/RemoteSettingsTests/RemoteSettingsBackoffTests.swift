import Foundation
import Testing
@testable import RemoteSettings
import Platform

@Suite struct RemoteSettingsBackoffTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func readsSecondsAndTakesTheLongerWait() {
        let wait = RemoteSettingsBackoff(backoffHeader: "60", retryAfterHeader: " 300 ", receivedAt: now)
        #expect(wait == RemoteSettingsBackoff(backoffSeconds: 60, retryAfterSeconds: 300))
        #expect(wait.seconds == 300)
        #expect(wait.until(now) == now + 300)
    }

    @Test func readsRetryAfterAsAnHTTPDate() {
        // 1_800_000_000 is Fri, 15 Jan 2027 08:00:00 GMT.
        let wait = RemoteSettingsBackoff(backoffHeader: nil, retryAfterHeader: "Fri, 15 Jan 2027 08:02:00 GMT", receivedAt: now)
        #expect(wait.retryAfterSeconds == 120)
    }

    /// Anything but an IMF-fixdate is ignored, not guessed at.
    @Test(arguments: ["fri, 15 Jan 2027 08:02:00 GMT", "Fri, 15 jan 2027 08:02:00 GMT", "Xyz, 15 Jan 2027 08:02:00 GMT",
                      "Fri, 31 Feb 2027 08:02:00 GMT", "Fri, 15 Jan 2027 08:02 GMT", "Fri, 15 Jan 2027 08:02:00 UTC",
                      "Friday, 15-Jan-27 08:02:00 GMT", "Fri 15 Jan 2027 08:02:00 GMT", "Fri, 15 Jan 2027 25:02:00 GMT"])
    func ignoresDatesInOtherForms(_ header: String) {
        #expect(RemoteSettingsBackoff(backoffHeader: nil, retryAfterHeader: header, receivedAt: now) == .none)
    }

    @Test func ignoresWhatItCannotRead() {
        let wait = RemoteSettingsBackoff(backoffHeader: "soon", retryAfterHeader: "-5", receivedAt: now)
        #expect(wait == .none)
        #expect(wait.until(now) == nil)
    }
}

/// No server can silence a client for more than a day.
@Suite struct RemoteSettingsBackoffCapTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: ["86401", "99999999999", "99999999999999999999999999"])
    func secondsBeyondADayAreCapped(_ header: String) {
        let wait = RemoteSettingsBackoff(backoffHeader: header, retryAfterHeader: header, receivedAt: now)
        #expect(wait == RemoteSettingsBackoff(backoffSeconds: 86_400, retryAfterSeconds: 86_400))
        #expect(wait.until(now) == now + 86_400)
    }

    @Test func aDateYearsAwayIsCapped() {
        let wait = RemoteSettingsBackoff(backoffHeader: nil, retryAfterHeader: "Sat, 15 Jan 5195 08:00:00 GMT", receivedAt: now)
        #expect(wait.retryAfterSeconds == 86_400)
    }

    @Test func theWaitIsShownWithItsEndInUTC() {
        #expect(Timestamp.iso8601(now.timeIntervalSince1970) == "2027-01-15T08:00:00Z")
        #expect(RemoteSettingsBackoff.describeWait(until: now + 3 * 3600 + 300, now: now) == "until 2027-01-15T11:05:00Z (3 h 5 min from now)")
        #expect(RemoteSettingsBackoff.describe(seconds: 86_400) == "1 day")
    }
}
