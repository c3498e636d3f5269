@testable import BibimbapApp
import FeatureFlags
import FeatureFlagsTestSupport
import Prefs
import Testing

extension AppContainerSuite {
    /// The home screen's view model, with Nimbus pinned by `MockNimbusFeatureFlagLayer` and the
    /// services bootstrapped by `DependencyHelperMock`, as in Firefox for iOS's tests: set up in
    /// `init`, torn down in `deinit`.
    @Suite final class HomeViewModelTests {
        let helper = DependencyHelperMock()

        init() {
            helper.bootstrapDependencies()
        }

        deinit { helper.reset() }

        /// The home screen as text, with Nimbus saying yes to exactly `enabled`.
        private func home(enabled: Set<FeatureFlagID>, variants: [String: String] = [:], prefs: Prefs = MockProfilePrefs()) -> String {
            helper.bootstrapDependencies(prefs: prefs, nimbusLayer: MockNimbusFeatureFlagLayer(enabledFlags: enabled, variants: variants))
            return HomeScreenRenderer().render(HomeViewModel().screen, footer: AppFooter(channel: .developer, storedOverrides: 0, storePath: nil))
        }

        @Test func newBibimbapMenuReplacesTheOldList() {
            let on = home(enabled: [.newBibimbapMenu])
            let off = home(enabled: [])
            #expect(on != off)
            #expect(on.contains("The bibimbap menu: build your bowl") && on.contains("Dolsot bibimbap (stone pot)"))
            #expect(!on.contains("Kimchi jjigae"))
            #expect(off.contains("Kimchi jjigae") && !off.contains("Dolsot"))
            #expect(HomeViewModel().showsNewBibimbapMenu == false)
        }

        @Test func promoBannerIsShownOnlyWhenOn() {
            let on = home(enabled: [.promoBanner])
            #expect(HomeViewModel().showsPromoBanner)
            let off = home(enabled: [])
            #expect(on.contains("★ Free kimchi with every bowl ★"))
            #expect(!off.contains("Free kimchi"))
        }

        /// Each Boolean flag of the demo changes the screen, and adds the text that shows it.
        @Test(arguments: [
            (FeatureFlagID.allergenInfo, "contains egg, sesame, soy"),
            (.darkKitchen, "Delivery only, from the dark kitchen"),
            (.delivery, "[ Delivery ]"),
            (.kitchenDisplay, "sent to the kitchen display"),
            (.loyaltyCard, "Loyalty card  ●●●○○○○○○○  3/10"),
            (.orderTracking, "#27  received ✓ › cooking … › ready"),
            (.promoBanner, "Free kimchi"),
            (.reviews, "★★★★☆ 4.2"),
            (.seasonalMenu, "Winter warmers (seasonal)"),
            (.tipJar, "Tip the kitchen: 1,000 · 2,000 · 5,000 won"),
        ])
        func eachFlagChangesTheScreen(flag: FeatureFlagID, shows text: String) {
            let on = home(enabled: [flag])
            let off = home(enabled: [])
            #expect(on != off)
            #expect(on.contains(text))
            #expect(!off.contains(text))
        }

        @Test func spicyModeAddsGochujangToTheNewMenuOnly() {
            let spicy = home(enabled: [.newBibimbapMenu, .spicyMode])
            #expect(spicy.contains("extra gochujang on every bowl"))
            #expect(!home(enabled: [.newBibimbapMenu]).contains("gochujang on every bowl"))
            #expect(!home(enabled: [.spicyMode]).contains("gochujang on every bowl"), "the old list has no bowls to spice")
        }

        @Test func searchBarPositionMovesTheSearchBar() throws {
            func searchLine(_ text: String) -> (search: Int, menu: Int) {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                return (lines.firstIndex { $0.hasPrefix("[ Search dishes") }!, lines.firstIndex { $0 == "Menu" }!)
            }
            let top = searchLine(home(enabled: [], variants: ["searchBarPosition": "top"]))
            let bottom = searchLine(home(enabled: [], variants: ["searchBarPosition": "bottom"]))
            #expect(top.search < top.menu)
            #expect(bottom.search > bottom.menu)

            // The user's own choice wins over Nimbus.
            let prefs = MockProfilePrefs(things: [TypedPreference.searchBarPosition.userPrefsKey: .string("top")])
            let chosen = searchLine(home(enabled: [], variants: ["searchBarPosition": "bottom"], prefs: prefs))
            #expect(chosen.search < chosen.menu)
            #expect(HomeViewModel().searchBarPosition == .top)
        }

        @Test func startAtHomeSaysWhereTheAppOpens() {
            let texts = StartAtHome.allCases.map { home(enabled: [], variants: ["startAtHome": $0.rawValue]) }
            #expect(Set(texts).count == StartAtHome.allCases.count)
            #expect(texts[1].contains("Opens on: Home, every time"))
            #expect(texts[2].contains("Opens on: your last screen"))
            let prefs = MockProfilePrefs(things: [TypedPreference.startAtHome.userPrefsKey: .string("disabled")])
            _ = home(enabled: [], variants: ["startAtHome": "always"], prefs: prefs)
            #expect(HomeViewModel().startScreen == .disabled)
        }

        /// A variant the generated enums do not know reads as the enum's first variant when it
        /// comes from Nimbus; a stored choice nobody could have made (a hand-edited store) is
        /// passed over for the Nimbus variant.
        @Test func unknownVariantsFallBack() {
            _ = home(enabled: [], variants: ["searchBarPosition": "sideways", "startAtHome": "never"])
            #expect(HomeViewModel().searchBarPosition == .top)
            #expect(HomeViewModel().startScreen == .afterFourHours)
            let prefs = MockProfilePrefs(things: [TypedPreference.searchBarPosition.userPrefsKey: .string("sideways"),
                                                  TypedPreference.startAtHome.userPrefsKey: .string("never")])
            _ = home(enabled: [], variants: ["searchBarPosition": "bottom", "startAtHome": "always"], prefs: prefs)
            #expect(HomeViewModel().searchBarPosition == .bottom)
            #expect(HomeViewModel().startScreen == .always)
        }

        @Test func sponsoredShortcutsFollowTheUsersChoice() throws {
            #expect(home(enabled: []).contains("Sponsored: Hite beer"), "not in Nimbus: the registry's fallback (on) applies")
            let prefs = MockProfilePrefs(things: [FeatureFlagID.sponsoredShortcuts.userPrefsKey!: .bool(false)])
            #expect(!home(enabled: [], prefs: prefs).contains("Sponsored"))
        }

        @Test func debugOverrideWinsOnlyInDeveloperAndBetaBuilds() throws {
            let prefs = MockProfilePrefs(things: [FeatureFlagID.promoBanner.debugKey!: .bool(false)])
            let text = home(enabled: [.promoBanner], prefs: prefs)
            if BuildChannel.current.allowsDebugOverrides {
                #expect(!text.contains("Free kimchi"), "the override (off) wins in a \(BuildChannel.current) build")
            } else {
                #expect(text.contains("Free kimchi"), "a release build shows the Nimbus value")
            }
        }

        @Test func viewModelAsksWhateverProviderIsRegistered() {
            /// A provider that says yes to everything, injected instead of the default one.
            struct EverythingOn: FeatureFlagProviding {
                func isEnabled(_ flag: FeatureFlagID) -> Bool { true }
                func setDebugOverride(_ flag: FeatureFlagID, to value: Bool) throws {}
            }
            helper.bootstrapDependencies(injectedFeatureFlagsProvider: EverythingOn())
            let screen = HomeViewModel().screen
            #expect(screen.promoBanner != nil && screen.loyaltyCard != nil && screen.tipPresets != nil)
            #expect(screen.menu == .newBibimbapMenu(bowls: BibimbapKitchen.bowls, extraGochujang: true))
        }
    }
}
