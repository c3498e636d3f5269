import FeatureFlags

/// Kiosk's home screen, written the Firefox for iOS way: it adopts `FeatureFlaggable` and
/// `UserFeaturePreferenceProvider`, reads flags and preferences by the names `flags generate`
/// declared for them, and reads a whole typed feature as `flags generate --features` declared it.
///
/// ```swift
/// for line in HomeViewModel().lines { print(line) }
/// ```
struct HomeViewModel: FeatureFlaggable, UserFeaturePreferenceProvider {
    var showsNewMenu: Bool { featureFlagsProvider.isEnabled(.newBibimbapMenu) }
    var showsPromoBanner: Bool { featureFlagsProvider.isEnabled(.promoBanner) }
    var showsSponsoredShortcuts: Bool { userPreferences.getPreferenceFor(.sponsoredShortcuts) }
    var searchBar: SearchBarPosition { userPreferences.searchBarPosition }
    var startScreen: StartAtHome { userPreferences.startAtHomeSetting }
    var welcome: KioskNimbus.WelcomeFeature { KioskNimbus.shared.features.welcomeFeature.value() }

    /// The user moves the search bar; the choice outlives the app.
    func moveSearchBarToBottom() throws {
        try userPreferences.setSearchBarPosition(.bottom)
    }

    /// The home screen as text.
    var lines: [String] {
        [
            welcome.message,
            showsPromoBanner ? "** Two bowls for one, today only **" : nil,
            searchBar == .top ? "[search dishes]" : nil,
            showsNewMenu ? "Menu: dolsot bibimbap, yukhoe bibimbap, vegetable bowl" : "Menu: rice, soup, kimchi",
            showsSponsoredShortcuts ? "Sponsored: Kimchi Emporium" : nil,
            searchBar == .bottom ? "[search dishes]" : nil,
            "Opens on: \(startScreen.rawValue)",
        ].compactMap { $0 }
    }
}
