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

    @Test func defaultsToThisBuildsChannel() {
        #expect(AppFooter(storedOverrides: 0, storePath: nil).channel == BuildChannel.current)
    }
}
