/// One dish on Bibimbap's menu: what the home screen lists, with the details some features show
/// (allergen labels, star ratings).
///
/// Dishes are fixed data of the demo (`BibimbapKitchen`); features decide which are shown and how.
///
/// ```swift
/// let dolsot = Dish(name: "Dolsot bibimbap", price: 12_500, allergens: ["egg", "sesame", "soy"], stars: 4.7)
/// dolsot.priceText   // "12,500 won"
/// ```
public struct Dish: Sendable, Hashable {
    public var name: String
    /// The price in won.
    public var price: Int
    /// The allergens it contains, sorted.
    public var allergens: [String]
    /// The average review, from 0 to 5.
    public var stars: Double

    public init(name: String, price: Int, allergens: [String], stars: Double) {
        self.name = name
        self.price = price
        self.allergens = allergens.sorted()
        self.stars = stars
    }

    /// The price as the menu prints it: `12,500 won`.
    public var priceText: String { Self.won(price) }

    /// An amount in won with a comma every three digits, whatever the locale: `9,900 won`.
    public static func won(_ amount: Int) -> String {
        var digits = String(amount)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(digits.suffix(3)[...], at: 0)
            digits.removeLast(3)
        }
        groups.insert(digits[...], at: 0)
        return groups.joined(separator: ",") + " won"
    }

    /// Five stars, filled to the nearest whole star: `★★★★☆ 4.3`.
    public var starsText: String {
        let filled = min(5, max(0, Int((stars).rounded())))
        let tenths = Int((stars * 10).rounded())
        return String(repeating: "★", count: filled) + String(repeating: "☆", count: 5 - filled) + " \(tenths / 10).\(tenths % 10)"
    }
}
