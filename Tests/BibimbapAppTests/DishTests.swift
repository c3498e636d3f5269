import BibimbapApp
import Testing

@Suite struct DishTests {
    @Test(arguments: [(0, "0 won"), (500, "500 won"), (9_900, "9,900 won"), (12_500, "12,500 won"), (1_234_567, "1,234,567 won")])
    func wonHasAThousandsSeparator(amount: Int, text: String) {
        #expect(Dish.won(amount) == text)
    }

    @Test(arguments: [(4.7, "★★★★★ 4.7"), (4.2, "★★★★☆ 4.2"), (3.0, "★★★☆☆ 3.0"), (0.0, "☆☆☆☆☆ 0.0")])
    func starsRoundToTheNearestWholeStar(stars: Double, text: String) {
        #expect(Dish(name: "x", price: 1, allergens: [], stars: stars).starsText == text)
    }

    @Test func allergensAreSorted() {
        #expect(Dish(name: "x", price: 1, allergens: ["soy", "egg"], stars: 1).allergens == ["egg", "soy"])
    }
}
