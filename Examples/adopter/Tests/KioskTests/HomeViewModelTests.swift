import FeatureFlags
import FeatureFlagsTestSupport
@testable import Kiosk
import Testing

/// The home screen with Firefox for iOS's test doubles: `DependencyHelperMock` registers them in
/// `AppContainer`, which `.scopedAppContainer` gives each test of its own, so tests run in parallel.
@Suite(.scopedAppContainer) final class HomeViewModelTests {
    let helper = DependencyHelperMock()

    init() { helper.bootstrapDependencies() }
    deinit { helper.reset() }

    @Test func theNewMenuShowsWhenNimbusTurnsItOn() {
        helper.bootstrapDependencies(nimbusLayer: MockNimbusFeatureFlagLayer(enabledFlags: [.newBibimbapMenu]))
        let home = HomeViewModel()
        #expect(home.showsNewMenu && !home.showsPromoBanner)
        #expect(home.lines.contains("Menu: dolsot bibimbap, yukhoe bibimbap, vegetable bowl"))
    }

    @Test func everyFlagIsOffWithTheDefaultDoubles() {
        let home = HomeViewModel()
        #expect(!home.showsNewMenu && !home.showsPromoBanner && !home.showsSponsoredShortcuts)
    }

    @Test func aDebugOverrideWinsOverNimbusInThisBuild() throws {
        let prefs = MockProfilePrefs()
        helper.bootstrapDependencies(prefs: prefs)
        let provider: FeatureFlagProviding = AppContainer.shared.resolve()
        try provider.setDebugOverride(.promoBanner, to: true)
        #expect(prefs.things["promoBannerDebugKey"] == .bool(true))
        #expect(HomeViewModel().showsPromoBanner)
    }

    @Test func typedPreferencesReadTheUsersChoiceThenNimbus() throws {
        helper.bootstrapDependencies(nimbusLayer: MockNimbusFeatureFlagLayer(variants: ["startAtHome": "always"]))
        let home = HomeViewModel()
        #expect(home.searchBar == .top && home.startScreen == .always)
        try home.moveSearchBarToBottom()
        #expect(home.searchBar == .bottom && home.lines.last == "Opens on: always")
    }

    @Test func aForcedFeatureValueIsWhatTheHomeScreenShows() {
        let welcome = KioskNimbus.shared.features.welcomeFeature
        welcome.with(cachedValue: KioskNimbus.WelcomeFeature(message: "Closed for lunch"))
        // The container is the app's one, shared by every test: put back what Nimbus resolves.
        defer { welcome.reset() }
        #expect(HomeViewModel().lines.first == "Closed for lunch")
    }
}
