import BibimbapApp
import FeatureFlags
import Testing

@Suite struct AppFooterTests {
    @Test(arguments: [
        (BuildChannel.developer, 0, "build channel: developer · no overrides"),
        (.developer, 2, "build channel: developer · 2 overrides honored"),
        (.beta, 1, "build channel: beta · 1 override honored"),
        (.release, 0, "build channel: release · overrides are never honored"),
        (.release, 1, "build channel: release · 1 override stored, ignored"),
        (.release, 3, "build channel: release · 3 overrides stored, all ignored"),
    ])
    func channelLine(channel: BuildChannel, overrides: Int, line: String) {
        #expect(AppFooter(channel: channel, storedOverrides: overrides, storePath: nil).channelLine == line)
    }

    @Test func enrollmentsLineNamesEveryEnrollmentOrNothing() {
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

    /// The demo's build flags as each distribution fixes them, beside the gate of the channel that
    /// distribution is: a TestFlight build honors an override and skips the paywall; an App Store
    /// build ignores it and keeps unfinished work off. (CI builds both and runs the app on a store.)
    @Test func eachDistributionShowsItsBuildFlagsAndItsChannelsGate() throws {
        let demo = try DemoRegistry()
        let testflight: CompileConditions = [.testflight], appstore: CompileConditions = [.appstore]
        let footers = [testflight, appstore].map {
            AppFooter(channel: $0.channel, storedOverrides: 1, storePath: nil, distribution: $0.distribution, buildFlags: demo.registry.buildFlags)
        }
        #expect(footers.map(\.channelLine) == ["build channel: beta · 1 override honored", "build channel: release · 1 override stored, ignored"])
        #expect(footers.map(\.distributionLine) == ["testflight build · featureX on · requireOnboarding on · requirePaywall off",
                                                    "appstore build · featureX off · requireOnboarding on · requirePaywall on"])
    }
}
