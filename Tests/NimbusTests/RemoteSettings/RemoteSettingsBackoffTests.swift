import Foundation
import Testing
@testable import Nimbus

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
