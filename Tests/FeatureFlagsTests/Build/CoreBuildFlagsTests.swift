import FeatureFlags
import Testing

@Suite struct CoreBuildFlagsTests {
    @Test func flagsFollowTheCompiledChannel() {
        #if MOZ_CHANNEL_developer
        #expect(BuildChannel.current == .developer)
        #expect(!CoreBuildFlags.isAdjustEnvironmentProd && CoreBuildFlags.isUsingMockData && CoreBuildFlags.hasDebugMenu)
        #elseif MOZ_CHANNEL_beta
        #expect(BuildChannel.current == .beta)
        #expect(CoreBuildFlags.isAdjustEnvironmentProd && !CoreBuildFlags.isUsingMockData && CoreBuildFlags.hasDebugMenu)
        #else
        #expect(BuildChannel.current == .release)
        #expect(CoreBuildFlags.isAdjustEnvironmentProd && !CoreBuildFlags.hasDebugMenu)
        #endif
    }

    @Test func channelsCycleInManifestOrder() {
        #expect(BuildChannel.developer.next == .beta && BuildChannel.beta.next == .release && BuildChannel.release.next == .developer)
        #expect(!BuildChannel.release.allowsDebugOverrides && BuildChannel.beta.allowsDebugOverrides)
    }
}
