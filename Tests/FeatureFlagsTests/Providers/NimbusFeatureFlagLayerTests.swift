import FeatureFlags
import Testing
import TestHelpers

@Suite struct NimbusFeatureFlagLayerTests {
    let demo: DemoFixture
    init() throws { demo = try DemoFixture() }

    @Test(arguments: [(BuildChannel.developer, true), (.beta, true), (.release, false)])
    func channelDefaultsDecide(channel: BuildChannel, menuOn: Bool) throws {
        let layer = demo.layer(channel)
        #expect(layer.checkNimbusConfigFor(try demo.flag("newBibimbapMenu")) == menuOn)
        #expect(layer.explainNimbusValue(for: try demo.flag("newBibimbapMenu")).source == .defaultValue(channel: channel.rawValue))
    }

    @Test func onlyBetaHasTheLoyaltyCard() throws {
        let loyalty = try demo.flag("loyaltyCard")
        #expect(BuildChannel.allCases.filter { demo.layer($0).checkNimbusConfigFor(loyalty) } == [.beta])
    }

    @Test func flagWithoutFeatureUsesTheRegistryFallback() throws {
        let shortcuts = try demo.flag("sponsoredShortcuts")
        #expect(demo.layer(.release).explainNimbusValue(for: shortcuts) == .init(enabled: true, source: .defaultValue(channel: nil)))
    }

    @Test func typedPreferenceVariantComesFromTheChannelDefault() throws {
        let startAtHome = try demo.registry.preference("startAtHome")
        #expect(demo.layer(.developer).nimbusVariant(for: startAtHome) == "always")
        #expect(demo.layer(.release).nimbusVariant(for: startAtHome) == "afterFourHours")
    }
}
