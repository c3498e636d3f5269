import Foundation

/// Draws a `HomeScreen` as plain terminal text: one string, lines of at most `width` columns,
/// the same bytes for the same screen.
///
/// Use it wherever the home screen is shown: the app's terminal, a test's assertion, the README.
/// With `colour` on it adds ANSI styles (bold headings, a highlighted banner, a dim footer);
/// the app turns colour on only when standard output is a terminal and `NO_COLOR` is unset.
///
/// ```swift
/// let text = HomeScreenRenderer(colour: false).render(screen, footer: footer)
/// print(text, terminator: "")
/// ```
public struct HomeScreenRenderer: Sendable {
    public static let defaultWidth = 64
    /// The narrowest screen every line fits in (the store path aside).
    public static let minimumWidth = 60

    /// The ANSI styles the renderer uses.
    enum Style: String {
        case title = "1;33"
        case heading = "1"
        case banner = "1;30;43"
        case accent = "32"
        case dim = "2"
    }

    public var width: Int
    public var colour: Bool

    public init(width: Int = HomeScreenRenderer.defaultWidth, colour: Bool = false) {
        self.width = max(Self.minimumWidth, width)
        self.colour = colour
    }

    /// The whole screen, each line ending in a newline.
    public func render(_ screen: HomeScreen, footer: AppFooter) -> String {
        var lines: [String] = []
        lines.append(paint("BIBIMBAP 비빔밥", .title) + "  rice, vegetables, gochujang")
        lines.append(paint("Opens on: ", .dim) + screen.startScreen.summary)
        lines.append(rule("="))
        if let banner = screen.promoBanner {
            lines.append(paint(centred(" ★ \(banner) ★ "), .banner))
            lines.append("")
        }
        if screen.searchBar == .top { lines += searchBar() }
        lines += menu(screen)
        if let card = screen.seasonalCard {
            lines += ["", paint("\(card.title) (seasonal)", .heading), "  " + card.dishes.joined(separator: " · ")]
        }
        if !screen.darkKitchenDishes.isEmpty {
            lines += ["", paint("Delivery only, from the dark kitchen", .heading)]
            lines += screen.darkKitchenDishes.flatMap { dish(screen, $0) }
        }
        if let card = screen.loyaltyCard {
            let stamps = String(repeating: "●", count: card.collected) + String(repeating: "○", count: max(0, card.needed - card.collected))
            lines += ["", paint("Loyalty card", .heading) + "  \(stamps)  \(card.collected)/\(card.needed), a free bowl after \(card.needed)"]
        }
        lines += ["", paint("Your order", .heading)]
        if let order = screen.orderTracking {
            let stages = order.stages.enumerated().map { index, stage in
                index < order.reached ? "\(stage) ✓" : index == order.reached ? paint("\(stage) …", .accent) : stage
            }
            lines.append("  #\(order.number)  " + stages.joined(separator: " › "))
        } else {
            lines.append("  #27  ask at the counter how it is going")
        }
        lines.append("  " + (screen.sendsToKitchenDisplay ? "sent to the kitchen display" : "printed on the kitchen ticket printer"))
        lines.append("  " + (screen.offersDelivery ? "[ Pick up ]  [ Delivery ]" : "[ Pick up ]  (no delivery)"))
        if let tips = screen.tipPresets {
            lines.append("  Tip the kitchen: " + tips.map { Dish.won($0).replacingOccurrences(of: " won", with: "") }.joined(separator: " · ") + " won")
        }
        if !screen.sponsoredShortcuts.isEmpty {
            lines += ["", paint("Sponsored: ", .dim) + screen.sponsoredShortcuts.joined(separator: " · ")]
        }
        if screen.searchBar == .bottom { lines += [""] + searchBar() }
        lines.append(rule("-"))
        lines.append(paint(footer.channelLine, .dim))
        if let line = footer.distributionLine { lines.append(paint(line, .dim)) }
        if let path = footer.storePath { lines.append(paint("store: \(path)", .dim)) }
        return lines.map { $0 + "\n" }.joined()
    }

    private func menu(_ screen: HomeScreen) -> [String] {
        switch screen.menu {
        case .newBibimbapMenu(let bowls, let extraGochujang):
            var lines = [paint("NEW", .accent) + " " + paint("The bibimbap menu: build your bowl", .heading)]
            lines += bowls.flatMap { dish(screen, $0) }
            if extraGochujang { lines.append("  + extra gochujang on every bowl, on the house") }
            return lines
        case .classicList(let dishes):
            return [paint("Menu", .heading)] + dishes.flatMap { dish(screen, $0) }
        }
    }

    private func dish(_ screen: HomeScreen, _ dish: Dish) -> [String] {
        let price = dish.priceText
        let dots = max(2, width - 4 - dish.name.count - price.count)
        var lines = ["  \(dish.name) " + String(repeating: ".", count: dots) + " \(price)"]
        var details: [String] = []
        if screen.showsReviews { details.append(dish.starsText) }
        if screen.showsAllergens { details.append("contains " + dish.allergens.joined(separator: ", ")) }
        if !details.isEmpty { lines.append("      " + paint(details.joined(separator: "   "), .dim)) }
        return lines
    }

    private func searchBar() -> [String] {
        let inner = width - 4
        return ["[ " + "Search dishes…".padding(toLength: inner, withPad: " ", startingAt: 0) + " ]"]
    }

    private func rule(_ character: Character) -> String { String(repeating: character, count: width) }

    private func centred(_ text: String) -> String {
        let left = max(0, (width - text.count) / 2)
        return String(repeating: " ", count: left) + text + String(repeating: " ", count: max(0, width - left - text.count))
    }

    private func paint(_ text: String, _ style: Style) -> String {
        colour ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
