import BibimbapApp
import FeatureFlags
import Testing

/// The renderer alone, on screens built by hand: no container, no flags.
@Suite struct HomeScreenRendererTests {
    static let everything = HomeScreen(
        startScreen: .always, promoBanner: "Free kimchi with every bowl", searchBar: .bottom,
        menu: .newBibimbapMenu(bowls: BibimbapKitchen.bowls, extraGochujang: true), showsAllergens: true, showsReviews: true,
        seasonalCard: .init(title: "Winter warmers", dishes: ["Tteokguk"]), darkKitchenDishes: BibimbapKitchen.darkKitchenDishes,
        loyaltyCard: .init(collected: 3, needed: 10), orderTracking: .init(number: 27, stages: ["received", "cooking", "ready"], reached: 1),
        offersDelivery: true, sendsToKitchenDisplay: true, tipPresets: [1_000], sponsoredShortcuts: ["Hite beer"])
    static let nothing = HomeScreen(
        startScreen: .disabled, promoBanner: nil, searchBar: .top, menu: .classicList(BibimbapKitchen.classicMenu),
        showsAllergens: false, showsReviews: false, seasonalCard: nil, darkKitchenDishes: [], loyaltyCard: nil, orderTracking: nil,
        offersDelivery: false, sendsToKitchenDisplay: false, tipPresets: nil, sponsoredShortcuts: [])
    static let footer = AppFooter(channel: .beta, storedOverrides: 1, storePath: "/tmp/prefs.sqlite")

    @Test func sameScreenSameBytes() {
        let renderer = HomeScreenRenderer()
        #expect(renderer.render(Self.everything, footer: Self.footer) == renderer.render(Self.everything, footer: Self.footer))
        #expect(renderer.render(Self.everything, footer: Self.footer) != renderer.render(Self.nothing, footer: Self.footer))
    }

    /// Every line fits, the title aside (its Hangul takes two columns a letter, and it is short).
    @Test(arguments: [HomeScreenRenderer.minimumWidth, 64, 100])
    func linesFitTheWidth(width: Int) {
        let renderer = HomeScreenRenderer(width: width)
        for screen in [Self.everything, Self.nothing] {
            for start in StartScreen.allCases {
                var screen = screen
                screen.startScreen = start
                for footer in [AppFooter(channel: .beta, storedOverrides: 12, storePath: nil), AppFooter(channel: .release, storedOverrides: 12, storePath: nil)] {
                    for line in renderer.render(screen, footer: footer).split(separator: "\n") where !line.hasPrefix("BIBIMBAP") {
                        #expect(line.count <= width, "\(line)")
                    }
                }
            }
        }
        #expect(HomeScreenRenderer(width: 10).width == HomeScreenRenderer.minimumWidth)
    }

    @Test func dishLinesAreDottedToTheWidth() {
        let text = HomeScreenRenderer(width: 60).render(Self.nothing, footer: Self.footer)
        #expect(text.contains("\n  Bibimbap ...................................... 11,000 won\n"))
        #expect(text.contains("\n  Japchae ........................................ 9,000 won\n"))
    }

    @Test func colourOnlyWhenAsked() {
        let plain = HomeScreenRenderer(colour: false).render(Self.everything, footer: Self.footer)
        let coloured = HomeScreenRenderer(colour: true).render(Self.everything, footer: Self.footer)
        #expect(!plain.contains("\u{1B}"))
        #expect(coloured.contains("\u{1B}[1;30;43m"))
        #expect(coloured.replacing(/\x1B\[[0-9;]*m/, with: "") == plain, "colour adds styles and nothing else")
    }

    @Test func footerNamesTheBuildChannelAndStore() {
        let text = HomeScreenRenderer().render(Self.nothing, footer: Self.footer)
        let lines = text.split(separator: "\n")
        #expect(lines.suffix(2) == ["build channel: beta · 1 override honoured", "store: /tmp/prefs.sqlite"])
        #expect(text.hasSuffix("\n"))
    }

    @Test func searchBarAtTopComesBeforeTheMenuAndAtBottomAfterIt() {
        let top = HomeScreenRenderer().render(Self.nothing, footer: Self.footer)
        let bottom = HomeScreenRenderer().render(Self.everything, footer: Self.footer)
        #expect(top.range(of: "[ Search dishes")!.lowerBound < top.range(of: "Menu")!.lowerBound)
        #expect(bottom.range(of: "[ Search dishes")!.lowerBound > bottom.range(of: "Sponsored")!.lowerBound)
    }
}
