import FeatureFlags
import Testing

/// The build channel (the override gate) and the manifest channel (which defaults apply) are
/// two notions; `ChannelMap` joins them where their names differ.
@Suite struct ChannelMapTests {
    @Test func unmappedBuildChannelsKeepTheirNames() {
        let map = ChannelMap()
        #expect(BuildChannel.allCases.map(map.manifestChannel(for:)) == ["developer", "beta", "release"])
        #expect(map.buildChannel(for: "beta") == .beta)
        #expect(map.buildChannel(for: "nightly") == nil)
    }

    @Test func aMappedBuildChannelStandsForItsManifestChannelOnly() {
        let map = ChannelMap([.developer: "debug", .beta: "nightly"])
        #expect(map.manifestChannel(for: .developer) == "debug")
        #expect(map.manifestChannel(for: .release) == "release")
        #expect(map.buildChannel(for: "debug") == .developer)
        #expect(map.buildChannel(for: "nightly") == .beta)
        // "developer" is mapped away, so a manifest channel of that name is no build's.
        #expect(map.buildChannel(for: "developer") == nil)
        #expect(map.buildChannel(for: "release") == .release)
    }

    static let names: [(text: String, found: String?)] = [
        ("nightly", "nightly"), ("Nightly", "nightly"), ("debug", "debug"),
        ("developer", "debug"), ("BETA", "beta"), ("nighty", nil), ("", nil),
    ]

    @Test(arguments: names)
    func aNameFindsADeclaredChannel(_ name: (text: String, found: String?)) {
        let map = ChannelMap([.developer: "debug"])
        #expect(map.manifestChannel(named: name.text, among: ["debug", "nightly", "beta", "release"]) == name.found, "\(name.text)")
    }

    @Test func channelNamesAreBuildChannelsOrAnyText() {
        #expect(ChannelName.beta == ChannelName("beta"))
        let nightly: ChannelName = "nightly"
        #expect(nightly.text == "nightly")
        #expect(ChannelName(BuildChannel.release).description == "release")
    }
}
