/// What Bibimbap's home screen shows, decided by the feature flags and user preferences: plain
/// data, with no text layout in it.
///
/// `HomeViewModel` makes one from the flags; `HomeScreenRenderer` turns it into terminal text.
/// Tests compare two of them, or their renderings, to see what a flag changes.
///
/// ```swift
/// let screen = HomeViewModel().screen
/// if case .newBibimbapMenu(let bowls, _) = screen.menu { print(bowls.count) }
/// ```
public struct HomeScreen: Sendable, Hashable {
    /// The menu in one of its two forms.
    public enum Menu: Sendable, Hashable {
        /// The new menu built around the bowl; `extraGochujang` when Spicy Mode is on.
        case newBibimbapMenu(bowls: [Dish], extraGochujang: Bool)
        /// The old list of dishes.
        case classicList([Dish])
    }

    /// The stamp card: stamps collected and needed for a free bowl.
    public struct LoyaltyCard: Sendable, Hashable {
        public var collected: Int
        public var needed: Int
        public init(collected: Int, needed: Int) {
            self.collected = collected
            self.needed = needed
        }
    }

    /// Live progress of the customer's order.
    public struct OrderTracking: Sendable, Hashable {
        public var number: Int
        public var stages: [String]
        /// Index of the stage reached.
        public var reached: Int
        public init(number: Int, stages: [String], reached: Int) {
            self.number = number
            self.stages = stages
            self.reached = reached
        }
    }

    /// The card with this season's specials.
    public struct SeasonalCard: Sendable, Hashable {
        public var title: String
        public var dishes: [String]
        public init(title: String, dishes: [String]) {
            self.title = title
            self.dishes = dishes
        }
    }

    // The typed preferences' enums are those `flags generate` declared, internal as generated
    // code is (Firefox's too), so these two properties and the initializer are internal.
    var startScreen: StartAtHome
    /// The banner's text, nil when there is no banner.
    public var promoBanner: String?
    var searchBar: SearchBarPosition
    public var menu: Menu
    /// Whether each dish shows its allergens.
    public var showsAllergens: Bool
    /// Whether each dish shows its star rating.
    public var showsReviews: Bool
    public var seasonalCard: SeasonalCard?
    /// Delivery-only dishes; empty when the dark kitchen is off.
    public var darkKitchenDishes: [Dish]
    public var loyaltyCard: LoyaltyCard?
    public var orderTracking: OrderTracking?
    /// Whether customers can order for delivery, not only pick up.
    public var offersDelivery: Bool
    /// Orders go to the kitchen display (else to the ticket printer).
    public var sendsToKitchenDisplay: Bool
    /// Tip amounts offered at checkout; nil when the tip jar is off.
    public var tipPresets: [Int]?
    /// Sponsored shortcuts; empty when the user switched them off.
    public var sponsoredShortcuts: [String]

    init(startScreen: StartAtHome, promoBanner: String?, searchBar: SearchBarPosition, menu: Menu, showsAllergens: Bool,
         showsReviews: Bool, seasonalCard: SeasonalCard?, darkKitchenDishes: [Dish], loyaltyCard: LoyaltyCard?,
         orderTracking: OrderTracking?, offersDelivery: Bool, sendsToKitchenDisplay: Bool, tipPresets: [Int]?,
         sponsoredShortcuts: [String]) {
        self.startScreen = startScreen
        self.promoBanner = promoBanner
        self.searchBar = searchBar
        self.menu = menu
        self.showsAllergens = showsAllergens
        self.showsReviews = showsReviews
        self.seasonalCard = seasonalCard
        self.darkKitchenDishes = darkKitchenDishes
        self.loyaltyCard = loyaltyCard
        self.orderTracking = orderTracking
        self.offersDelivery = offersDelivery
        self.sendsToKitchenDisplay = sendsToKitchenDisplay
        self.tipPresets = tipPresets
        self.sponsoredShortcuts = sponsoredShortcuts
    }
}
