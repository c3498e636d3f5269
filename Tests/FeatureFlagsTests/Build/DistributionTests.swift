import FeatureFlags
import Testing

@Suite struct DistributionTests {
    @Test func eachDistributionIsOneChannelOfTheGateAndBack() {
        #expect(Distribution.debug.channel == .developer && Distribution.testflight.channel == .beta && Distribution.appstore.channel == .release)
        #expect(Distribution.appstore.channel.allowsDebugOverrides == false)
        for distribution in Distribution.allCases { #expect(Distribution(channel: distribution.channel) == distribution) }
    }

    @Test func thisBuildsDistributionFollowsItsCompilationConditions() {
        // Worked out here from the conditions, not read from Distribution.current's own logic.
        #if APPSTORE
        let expected = Distribution.appstore
        #elseif TESTFLIGHT
        let expected = Distribution.testflight
        #elseif MOZ_CHANNEL_developer
        let expected = Distribution.debug
        #elseif MOZ_CHANNEL_beta
        let expected = Distribution.testflight
        #else
        let expected = Distribution.appstore
        #endif
        #expect(Distribution.current == expected && Distribution.current.channel == BuildChannel.current)
    }
}
