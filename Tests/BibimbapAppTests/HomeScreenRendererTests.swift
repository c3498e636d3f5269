@testable import BibimbapApp
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
            for start in StartAtHome.allCases {
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

    @Test func colorOnlyWhenAsked() {
        let plain = HomeScreenRenderer(color: false).render(Self.everything, footer: Self.footer)
        let colored = HomeScreenRenderer(color: true).render(Self.everything, footer: Self.footer)
        #expect(!plain.contains("\u{1B}"))
        #expect(colored.contains("\u{1B}[1;30;43m"))
        #expect(colored.replacing(/\x1B\[[0-9;]*m/, with: "") == plain, "color adds styles and nothing else")
    }

    @Test func footerNamesTheBuildChannelAndStore() {
        let text = HomeScreenRenderer().render(Self.nothing, footer: Self.footer)
        let lines = text.split(separator: "\n")
        #expect(lines.suffix(2) == ["build channel: beta · 1 override honored", "store: /tmp/prefs.sqlite"])
        #expect(text.hasSuffix("\n"))
    }

    @Test func searchBarAtTopComesBeforeTheMenuAndAtBottomAfterIt() {
        let top = HomeScreenRenderer().render(Self.nothing, footer: Self.footer)
        let bottom = HomeScreenRenderer().render(Self.everything, footer: Self.footer)
        #expect(top.range(of: "[ Search dishes")!.lowerBound < top.range(of: "Menu")!.lowerBound)
        #expect(bottom.range(of: "[ Search dishes")!.lowerBound > bottom.range(of: "Sponsored")!.lowerBound)
    }
}

/// `--annotate` and the narrow panes of a tmux split.
@Suite struct HomeScreenAnnotationTests {
    @Test func annotateNamesTheFlagBehindEachBlock() {
        let text = HomeScreenRenderer(annotate: true).render(HomeScreenRendererTests.everything, footer: HomeScreenRendererTests.footer)
        let lines = text.split(separator: "\n").map(String.init)
        func note(after block: String) -> String? {
            guard let index = lines.firstIndex(where: { $0.contains(block) }), index + 1 < lines.count else { return nil }
            return lines[index + 1]
        }
        #expect(note(after: "Free kimchi with every bowl") == "    ↳ promoBanner")
        #expect(note(after: "Opens on:") == "    ↳ startAtHome")
        #expect(note(after: "build your bowl") == "    ↳ newBibimbapMenu, spicyMode, reviews, allergenInfo")
        #expect(note(after: "(seasonal)") == "    ↳ seasonalMenu")
        #expect(note(after: "dark kitchen") == "    ↳ darkKitchen")
        #expect(note(after: "Loyalty card") == "    ↳ loyaltyCard")
        #expect(note(after: "#27") == "    ↳ orderTracking")
        #expect(note(after: "Tip the kitchen") == "    ↳ tipJar")
        #expect(note(after: "Sponsored") == "    ↳ sponsoredShortcuts")
        #expect(!text.contains("off, so not shown"), "everything is on")

        let bare = HomeScreenRenderer(annotate: true).render(HomeScreenRendererTests.nothing, footer: HomeScreenRendererTests.footer)
        #expect(bare.contains("""

            off, so not shown: promoBanner, reviews, allergenInfo,
                               seasonalMenu, darkKitchen, loyaltyCard,
                               tipJar, sponsoredShortcuts
            ---
            """), "\(bare)")
        #expect(!HomeScreenRenderer().render(HomeScreenRendererTests.everything, footer: HomeScreenRendererTests.footer).contains("↳"),
                "no notes unless asked")
    }

    /// Every width from the narrowest up, annotated or not: no line is wider than the screen
    /// (the title aside), so a terminal never wraps one.
    @Test(arguments: [48, 52, 59, 61])
    func everyLineFitsANarrowPane(width: Int) {
        for annotate in [false, true] {
            let renderer = HomeScreenRenderer(width: width, annotate: annotate)
            for screen in [HomeScreenRendererTests.everything, HomeScreenRendererTests.nothing] {
                for start in StartAtHome.allCases {
                    var screen = screen
                    screen.startScreen = start
                    let footer = AppFooter(channel: .release, storedOverrides: 12, storePath: nil)
                    for line in renderer.render(screen, footer: footer).split(separator: "\n") where !line.hasPrefix("BIBIMBAP") {
                        #expect(line.count <= width, "\(line)")
                    }
                }
            }
        }
    }

    @Test func aNarrowScreenWrapsProseAtSpaces() {
        var screen = HomeScreenRendererTests.everything
        screen.startScreen = .afterFourHours
        let text = HomeScreenRenderer(width: 48).render(screen, footer: HomeScreenRendererTests.footer)
        #expect(text.contains("Opens on: Home after 4 hours away, else your\n    last screen\n"), "\(text)")
        #expect(text.contains("Loyalty card  ●●●○○○○○○○  3/10, a free bowl\n    after 10\n"), "\(text)")
        #expect(text.contains("\n  Dolsot bibimbap (stone pot) ....... 12,500 won\n"))
    }
}
