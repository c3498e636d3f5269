import FeatureFlags

/// The home screen's view model, written the way Firefox for iOS writes them: it adopts
/// `FeatureFlaggable` and `UserFeaturePreferenceProvider` and asks the services registered in
/// `AppContainer.shared` at app start (or bootstrapped by `DependencyHelperMock` in a test).
///
/// Feature flags (`featureFlagsProvider.isEnabled`) decide what the screen shows: a debug
/// override in developer and beta builds, otherwise the Nimbus value. User preferences
/// (`userFeaturePreferences.getPreferenceFor`) decide the user's own choices: where the search
/// bar sits, which screen the app opens on, and whether sponsored shortcuts appear.
///
/// ```swift
/// let home = HomeViewModel(flags: try BibimbapFlags(registry: environment.registry))
/// print(HomeScreenRenderer().render(home.screen, footer: footer))
/// ```
public struct HomeViewModel: FeatureFlaggable, UserFeaturePreferenceProvider, Sendable {
    public let flags: BibimbapFlags

    public init(flags: BibimbapFlags) {
        self.flags = flags
    }

    public var showsNewBibimbapMenu: Bool { featureFlagsProvider.isEnabled(flags.newBibimbapMenu) }
    public var showsPromoBanner: Bool { featureFlagsProvider.isEnabled(flags.promoBanner) }

    public var searchBarPosition: SearchBarPosition {
        SearchBarPosition(variant: userFeaturePreferences.getPreferenceFor(flags.searchBarPosition))
    }

    public var startScreen: StartScreen {
        StartScreen(variant: userFeaturePreferences.getPreferenceFor(flags.startAtHome))
    }

    /// Everything the screen shows, read from the flags and preferences once.
    public var screen: HomeScreen {
        let provider = featureFlagsProvider
        let preferences = userFeaturePreferences
        let menu: HomeScreen.Menu = showsNewBibimbapMenu
            ? .newBibimbapMenu(bowls: BibimbapKitchen.bowls, extraGochujang: provider.isEnabled(flags.spicyMode))
            : .classicList(BibimbapKitchen.classicMenu)
        let kitchen = BibimbapKitchen.self
        return HomeScreen(
            startScreen: startScreen,
            promoBanner: showsPromoBanner ? kitchen.promoMessage : nil,
            searchBar: searchBarPosition,
            menu: menu,
            showsAllergens: provider.isEnabled(flags.allergenInfo),
            showsReviews: provider.isEnabled(flags.reviews),
            seasonalCard: provider.isEnabled(flags.seasonalMenu)
                ? HomeScreen.SeasonalCard(title: kitchen.seasonalCard.title, dishes: kitchen.seasonalCard.dishes) : nil,
            darkKitchenDishes: provider.isEnabled(flags.darkKitchen) ? kitchen.darkKitchenDishes : [],
            loyaltyCard: provider.isEnabled(flags.loyaltyCard)
                ? HomeScreen.LoyaltyCard(collected: kitchen.loyaltyStamps.collected, needed: kitchen.loyaltyStamps.needed) : nil,
            orderTracking: provider.isEnabled(flags.orderTracking)
                ? HomeScreen.OrderTracking(number: kitchen.trackedOrder.number, stages: kitchen.trackedOrder.stages,
                                           reached: kitchen.trackedOrder.reached) : nil,
            offersDelivery: provider.isEnabled(flags.delivery),
            sendsToKitchenDisplay: provider.isEnabled(flags.kitchenDisplay),
            tipPresets: provider.isEnabled(flags.tipJar) ? kitchen.tipPresets : nil,
            // Not debuggable and not in Nimbus: the user's choice, else the registry's fallback.
            sponsoredShortcuts: preferences.getPreferenceFor(flags.sponsoredShortcuts) ? kitchen.sponsoredShortcuts : [])
    }
}
