@testable import FeatureFlags
import FeatureFlagsTestSupport
@testable import FML
@testable import Formats
import Prefs
import Testing
import TestHelpers

@Suite struct FeatureFlagsProviderTests {
    let demo: DemoFixture
    init() throws { demo = try DemoFixture() }

    @Test func overrideWinsInDeveloperAndBetaBuilds() throws {
        let prefs = MockProfilePrefs()
        let provider = FeatureFlagsProvider(prefs: prefs, nimbusLayer: demo.layer(.developer))
        let menu = try demo.flag("newBibimbapMenu")
        let nimbus = provider.isEnabled(menu)
        try prefs.setBool(!nimbus, forKey: menu.debugKey!)
        #if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
        #expect(provider.isEnabled(menu) == !nimbus)
        #expect(provider.state(of: menu).source == .override)
        #else
        #expect(provider.isEnabled(menu) == nimbus, "a release build never honors an override")
        #endif
    }

    /// The states of every flag (a menu's first filter key) read each feature once: a manifest
    /// read from a snapshot keeps none of them decoded, and the states are what one flag's are.
    @Test func statesOfAllFlagsKeepNoFeatureDecoded() throws {
        var writer = SnapshotWriter()
        demo.registry.write(to: &writer)
        var reader = try SnapshotReader(writer.finish())
        let registry = try FeatureFlagRegistry(snapshot: &reader)
        let prefs = MockProfilePrefs()
        let menu = try registry.flag("newBibimbapMenu")
        try prefs.setBool(true, forKey: menu.debugKey!)
        let provider = FeatureFlagsProvider(prefs: prefs, nimbusLayer: NimbusFeatureFlagLayer(registry: registry, channel: "beta"))
        let states = provider.states(of: registry.flags)
        #expect(states.count == registry.flags.count)
        #expect(registry.manifest.features.decodedCount == 0)
        for flag in registry.flags { #expect(states[flag.rawValue] == provider.state(of: flag)) }
        #expect(provider.statesInOrder(of: registry.flags) == registry.flags.map { states[$0.rawValue]! }, "the same states, in the flags' order")
        #expect(registry.manifest.features.decodedCount > 0)
    }

    /// A listing finds overrides among the store's other keys (the client's id, a user's
    /// choice), and finds none when only those are stored.
    @Test func statesInOrderFindOverridesAmongOtherKeys() throws {
        let prefs = MockProfilePrefs()
        let provider = FeatureFlagsProvider(prefs: prefs, nimbusLayer: demo.layer(.beta))
        let menu = try demo.flag("newBibimbapMenu")
        try prefs.setString("a-client-id", forKey: "nimbus.client.id")
        for flag in demo.registry.flags { if let key = flag.userPrefsKey { try prefs.setBool(false, forKey: key) } }
        #expect(provider.statesInOrder(of: demo.registry.flags).allSatisfy { $0.override == nil })
        try prefs.setBool(true, forKey: menu.debugKey!)
        let overridden = provider.statesInOrder(of: demo.registry.flags).filter { $0.override != nil }
        #expect(overridden.map(\.flag) == [menu])
        #expect(overridden.first?.override == true)
    }

    @Test func providerBehavingAsReleaseIgnoresStoredOverride() throws {
        let prefs = MockProfilePrefs()
        let menu = try demo.flag("newBibimbapMenu")
        try prefs.setBool(true, forKey: menu.debugKey!)
        let release = FeatureFlagsProvider(prefs: prefs, nimbusLayer: demo.layer(.release), behavingAs: .release)
        #expect(release.isEnabled(menu) == false, "release default of bibimbap-feature.enabled is false")
        let state = release.state(of: menu)
        #expect(state.source == .defaultValue(channel: "release"))
        #expect(state.override == true && state.overrideIsInactive)
    }

    @Test func noOverrideMeansTheNimbusValue() throws {
        let provider = FeatureFlagsProvider(prefs: MockProfilePrefs(), nimbusLayer: demo.layer(.beta))
        let loyalty = try demo.flag("loyaltyCard")
        #expect(provider.isEnabled(loyalty) == true)
        #expect(provider.state(of: loyalty).source == .defaultValue(channel: "beta"))
    }

    @Test func flagWithoutDebugKeyCannotBeOverridden() throws {
        let prefs = MockProfilePrefs()
        let provider = FeatureFlagsProvider(prefs: prefs, nimbusLayer: demo.layer(.developer))
        let kitchen = try demo.flag("kitchenDisplay")
        #if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
        #expect(throws: FeatureFlagError.notDebuggable("kitchenDisplay")) { try provider.setDebugOverride(kitchen, to: false) }
        #endif
        try prefs.setBool(false, forKey: "kitchenDisplayDebugKey")
        #expect(provider.isEnabled(kitchen) == true, "a stray key must not change a flag that has no debugKey")
    }

    @Test func removingOverridesBringsBackNimbusAndCatchesOrphans() throws {
        let prefs = MockProfilePrefs(things: ["someRemovedFlagDebugKey": .bool(true), "NewBibimbapMenu": .bool(false)])
        let provider = FeatureFlagsProvider(prefs: prefs, nimbusLayer: demo.layer(.developer))
        let tipJar = try demo.flag("tipJar")
        try prefs.setBool(false, forKey: tipJar.debugKey!)
        try provider.removeDebugOverride(tipJar)
        #expect(provider.debugOverride(for: tipJar) == nil)
        try prefs.setBool(false, forKey: tipJar.debugKey!)
        #expect(try provider.removeAllDebugOverrides() == 2)
        #expect(prefs.things == ["NewBibimbapMenu": .bool(false)], "user preferences are not overrides")
    }

    /// Forced branches and feature overrides are debug overrides: removing all removes them too,
    /// in the same transaction, and counts them.
    @Test func removingAllOverridesRemovesForcedBranchesAndFeatureOverrides() throws {
        let prefs = MockProfilePrefs(things: ["tipJarDebugKey": .bool(true), "NewBibimbapMenu": .bool(false),
                                              "nimbus.forcedBranch.new-menu-test": .string("control"),
                                              "nimbus.featureOverride.bibimbap-feature": .string(#"{"spice-level":5}"#),
                                              "nimbus.id": .string("00000000-0000-4000-8000-000000000000")])
        let provider = FeatureFlagsProvider(prefs: prefs, nimbusLayer: demo.layer(.developer))
        #expect(try provider.removeAllDebugOverrides() == 3)
        #expect(prefs.things == ["NewBibimbapMenu": .bool(false), "nimbus.id": .string("00000000-0000-4000-8000-000000000000")],
                "the client's own Nimbus state and user preferences stay")
    }

    @Test func mockLayerDecidesNimbusValues() throws {
        let menu = try demo.flag("newBibimbapMenu")
        let provider = FeatureFlagsProvider(prefs: MockProfilePrefs(), nimbusLayer: MockNimbusFeatureFlagLayer(enabledFlags: [menu]))
        #expect(provider.isEnabled(menu))
        #expect(!provider.isEnabled(try demo.flag("tipJar")))
    }
}
