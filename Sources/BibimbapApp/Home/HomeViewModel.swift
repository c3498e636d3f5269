import FeatureFlags

/// The home screen's view model, written the way Firefox for iOS writes them: it adopts
/// `FeatureFlaggable` and `UserFeaturePreferenceProvider`, asks the services registered in
/// `AppContainer.shared` at app start (or bootstrapped by `DependencyHelperMock` in a test), and
/// names flags and preferences by the members `flags generate` declared for the demo's registry
/// (`FeatureFlags.generated.swift`).
///
/// Feature flags (`featureFlagsProvider.isEnabled`) decide what the screen shows: a debug
/// override in developer and beta builds, otherwise the Nimbus value. User preferences
/// (`userPreferences`) decide the user's own choices: where the search bar sits, which screen
/// the app opens on, and whether sponsored shortcuts appear.
///
/// ```swift
/// let home = HomeViewModel()
/// print(HomeScreenRenderer().render(home.screen, footer: footer))
/// ```
public struct HomeViewModel: FeatureFlaggable, UserFeaturePreferenceProvider, Sendable {
    public init() {}

    public var showsNewBibimbapMenu: Bool { featureFlagsProvider.isEnabled(.newBibimbapMenu) }
    public var showsPromoBanner: Bool { featureFlagsProvider.isEnabled(.promoBanner) }
    var searchBarPosition: SearchBarPosition { userPreferences.searchBarPosition }
    var startScreen: StartAtHome { userPreferences.startAtHomeSetting }

    /// Everything the screen shows, read from the flags and preferences once.
    public var screen: HomeScreen {
        let provider = featureFlagsProvider
        let preferences = userPreferences
        let menu: HomeScreen.Menu = showsNewBibimbapMenu
            ? .newBibimbapMenu(bowls: BibimbapKitchen.bowls, extraGochujang: provider.isEnabled(.spicyMode))
            : .classicList(BibimbapKitchen.classicMenu)
        let kitchen = BibimbapKitchen.self
        return HomeScreen(
            startScreen: startScreen,
            promoBanner: showsPromoBanner ? kitchen.promoMessage : nil,
            searchBar: searchBarPosition,
            menu: menu,
            showsAllergens: provider.isEnabled(.allergenInfo),
            showsReviews: provider.isEnabled(.reviews),
            seasonalCard: provider.isEnabled(.seasonalMenu)
                ? HomeScreen.SeasonalCard(title: kitchen.seasonalCard.title, dishes: kitchen.seasonalCard.dishes) : nil,
            darkKitchenDishes: provider.isEnabled(.darkKitchen) ? kitchen.darkKitchenDishes : [],
            loyaltyCard: provider.isEnabled(.loyaltyCard)
                ? HomeScreen.LoyaltyCard(collected: kitchen.loyaltyStamps.collected, needed: kitchen.loyaltyStamps.needed) : nil,
            orderTracking: provider.isEnabled(.orderTracking)
                ? HomeScreen.OrderTracking(number: kitchen.trackedOrder.number, stages: kitchen.trackedOrder.stages,
                                           reached: kitchen.trackedOrder.reached) : nil,
            offersDelivery: provider.isEnabled(.delivery),
            sendsToKitchenDisplay: provider.isEnabled(.kitchenDisplay),
            tipPresets: provider.isEnabled(.tipJar) ? kitchen.tipPresets : nil,
            // Not debuggable and not in Nimbus: the user's choice, else the registry's fallback.
            sponsoredShortcuts: preferences.getPreferenceFor(.sponsoredShortcuts) ? kitchen.sponsoredShortcuts : [])
    }
}
