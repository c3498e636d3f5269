import BibimbapApp
import FeatureFlags
import Testing

@Suite struct AppFooterTests {
    @Test(arguments: [
        (BuildChannel.developer, 0, "build channel: developer · no overrides"),
        (.developer, 2, "build channel: developer · 2 overrides honoured"),
        (.beta, 1, "build channel: beta · 1 override honoured"),
        (.release, 0, "build channel: release · overrides are never honoured"),
        (.release, 1, "build channel: release · 1 override stored, ignored"),
        (.release, 3, "build channel: release · 3 overrides stored, all ignored"),
    ])
    func channelLine(channel: BuildChannel, overrides: Int, line: String) {
        #expect(AppFooter(channel: channel, storedOverrides: overrides, storePath: nil).channelLine == line)
    }

    @Test func enrollmentsLineNamesEveryEnrolmentOrNothing() {
        #expect(AppFooter(storedOverrides: 0, storePath: nil).enrollmentsLine == nil)
        let footer = AppFooter(storedOverrides: 1, storePath: nil, enrollments: ["dark-kitchen-rollout/rollout", "new-menu-test/treatment (forced)"])
        #expect(footer.enrollmentsLine == "enrolled in dark-kitchen-rollout/rollout · new-menu-test/treatment (forced)")
    }

    @Test func defaultsToThisBuildsChannel() {
        // Worked out from the compilation conditions here, not read from BuildChannel.current,
        // which the footer itself reads: a wrong mapping there must fail this test.
        #if MOZ_CHANNEL_developer
        let built = BuildChannel.developer
        #elseif MOZ_CHANNEL_beta
        let built = BuildChannel.beta
        #else
        let built = BuildChannel.release
        #endif
        #expect(AppFooter(storedOverrides: 0, storePath: nil).channel == built)
        #expect(AppFooter(storedOverrides: 0, storePath: nil).channelLine.hasPrefix("build channel: \(built.rawValue) "))
    }
}
