import FeatureFlags
import FeatureFlagsTestSupport
import Testing
import TestHelpers

@Suite struct UserFeaturePreferenceManagerTests {
    let demo: DemoFixture
    init() throws { demo = try DemoFixture() }

    @Test func storedChoiceWinsThenNimbus() throws {
        let manager = UserFeaturePreferenceManager(prefs: MockProfilePrefs(), nimbusLayer: demo.layer(.developer))
        let spicy = try demo.flag("spicyMode")
        #expect(manager.getPreferenceFor(spicy) == false, "Nimbus says off")
        try manager.setPreferenceFor(spicy, to: true)
        #expect(manager.getPreferenceFor(spicy) == true)
        try manager.removePreferenceFor(spicy)
        #expect(manager.storedPreference(for: spicy) == nil)
        #expect(manager.getPreferenceFor(spicy) == false, "back to Nimbus once the choice is removed")

        // Nimbus is asked, not a constant: where it says on, that is the answer until the user chooses.
        let nimbusOn = UserFeaturePreferenceManager(prefs: MockProfilePrefs(), nimbusLayer: MockNimbusFeatureFlagLayer(enabledFlags: [spicy]))
        #expect(nimbusOn.getPreferenceFor(spicy) == true)
        try nimbusOn.setPreferenceFor(spicy, to: false)
        #expect(nimbusOn.getPreferenceFor(spicy) == false)
        try nimbusOn.removePreferenceFor(spicy)
        #expect(nimbusOn.getPreferenceFor(spicy) == true)
    }

    @Test func hardCodedFallbackIsUsedWhenNotNimbusConfigured() throws {
        let manager = UserFeaturePreferenceManager(prefs: MockProfilePrefs(), nimbusLayer: MockNimbusFeatureFlagLayer())
        #expect(manager.getPreferenceFor(try demo.flag("sponsoredShortcuts")) == true)
    }

    @Test func flagWithoutUserPrefsKeyIsRefused() throws {
        let manager = UserFeaturePreferenceManager(prefs: MockProfilePrefs(), nimbusLayer: demo.layer(.beta))
        #expect(throws: FeatureFlagError.notUserToggleable("tipJar")) { try manager.setPreferenceFor(try demo.flag("tipJar"), to: true) }
    }

    @Test func typedPreferenceIsValidatedAgainstItsVariants() throws {
        let prefs = MockProfilePrefs()
        let manager = UserFeaturePreferenceManager(prefs: prefs, nimbusLayer: demo.layer(.release))
        let startAtHome = try demo.registry.preference("startAtHome")
        #expect(manager.getPreferenceFor(startAtHome) == "afterFourHours")
        try manager.setPreferenceFor(startAtHome, to: "disabled")
        #expect(manager.getPreferenceFor(startAtHome) == "disabled")
        #expect(throws: FeatureFlagError.self) { try manager.setPreferenceFor(startAtHome, to: "sometimes") }
        #expect(prefs.stringForKey("StartAtHomeUserPrefsKey") == "disabled", "a refused value changes nothing")
    }
}
