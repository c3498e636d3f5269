/// What Bibimbap's kitchen cooks: the fixed data of the demo app, from which the home screen
/// picks according to its feature flags.
///
/// Use it as the app's content; features never change the data, only which part is shown.
///
/// ```swift
/// BibimbapKitchen.bowls.map(\.name)   // the new bibimbap menu
/// BibimbapKitchen.classicMenu         // the old list
/// ```
public enum BibimbapKitchen {
    /// The old list of dishes, shown when the new bibimbap menu is off.
    public static let classicMenu: [Dish] = [
        Dish(name: "Bibimbap", price: 11_000, allergens: ["egg", "sesame", "soy"], stars: 4.2),
        Dish(name: "Bulgogi", price: 13_000, allergens: ["sesame", "soy"], stars: 4.5),
        Dish(name: "Kimchi jjigae", price: 10_000, allergens: ["soy"], stars: 4.1),
        Dish(name: "Japchae", price: 9_000, allergens: ["sesame", "soy"], stars: 3.8),
    ]

    /// The new bibimbap menu, built around the bowl.
    public static let bowls: [Dish] = [
        Dish(name: "Dolsot bibimbap (stone pot)", price: 12_500, allergens: ["egg", "sesame", "soy"], stars: 4.7),
        Dish(name: "Bulgogi bowl", price: 13_500, allergens: ["sesame", "soy"], stars: 4.6),
        Dish(name: "Yukhoe bibimbap", price: 14_000, allergens: ["egg", "sesame"], stars: 4.4),
        Dish(name: "Tofu & mushroom bowl", price: 11_500, allergens: ["soy"], stars: 4.3),
    ]

    /// Delivery-only dishes from the dark kitchen.
    public static let darkKitchenDishes: [Dish] = [
        Dish(name: "Yangnyeom chicken", price: 18_000, allergens: ["soy", "wheat"], stars: 4.8),
        Dish(name: "Tteokbokki", price: 8_500, allergens: ["wheat"], stars: 4.0),
    ]

    /// This season's specials, on the seasonal card.
    public static let seasonalCard = (title: "Winter warmers", dishes: ["Tteokguk", "Hotteok", "Sujeonggwa"])

    /// The promotional banner's text.
    public static let promoMessage = "Free kimchi with every bowl"

    /// Tip amounts offered at checkout, in won.
    public static let tipPresets = [1_000, 2_000, 5_000]

    /// The loyalty card: stamps collected and stamps needed for a free bowl.
    public static let loyaltyStamps = (collected: 3, needed: 10)

    /// The order being tracked: its number, its stages and how far it got.
    public static let trackedOrder = (number: 27, stages: ["received", "cooking", "ready"], reached: 1)

    /// Sponsored shortcuts on the home screen.
    public static let sponsoredShortcuts = ["Hite beer", "Chilsung cider"]
}
