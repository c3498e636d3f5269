import Foundation

/// Draws a `HomeScreen` as plain terminal text: one string, lines of at most `width` columns,
/// the same bytes for the same screen.
///
/// Use it wherever the home screen is shown: the app's terminal, a test's assertion, the README.
/// With `color` on it adds ANSI styles (bold headings, a highlighted banner, a dim footer);
/// the app turns color on only when standard output is a terminal and `NO_COLOR` is unset.
/// With `annotate` on, a dim `↳` line under each block names the flag or preference that
/// decides it, and a last line lists the flags whose blocks are hidden because they are off.
///
/// ```swift
/// let text = HomeScreenRenderer(color: false).render(screen, footer: footer)
/// print(text, terminator: "")
/// ```
public struct HomeScreenRenderer: Sendable {
    public static let defaultWidth = 64
    /// The narrowest screen every line fits in (the store path aside): a tmux pane split in two.
    public static let minimumWidth = 48
    /// The widest screen the app draws when it follows its terminal's width.
    public static let maximumAutomaticWidth = 100

    /// The ANSI styles the renderer uses.
    enum Style: String {
        case title = "1;33"
        case heading = "1"
        case banner = "1;30;43"
        case accent = "32"
        case dim = "2"
    }

    public var width: Int
    public var color: Bool
    public var annotate: Bool

    public init(width: Int = HomeScreenRenderer.defaultWidth, color: Bool = false, annotate: Bool = false) {
        self.width = max(Self.minimumWidth, width)
        self.color = color
        self.annotate = annotate
    }

    /// The whole screen, each line ending in a newline.
    public func render(_ screen: HomeScreen, footer: AppFooter) -> String {
        var lines: [String] = []
        lines.append(paint("BIBIMBAP 비빔밥", .title) + "  rice, vegetables, gochujang")
        lines += wrap(paint("Opens on: ", .dim), visible: "Opens on: ".count, screen.startScreen.summary)
        lines += note("startAtHome")
        lines.append(rule("="))
        if let banner = screen.promoBanner {
            lines.append(paint(centered(" ★ \(banner) ★ "), .banner))
            lines += note("promoBanner")
            lines.append("")
        }
        if screen.searchBar == .top { lines += searchBar() }
        lines += menu(screen)
        if let card = screen.seasonalCard {
            lines += ["", paint("\(card.title) (seasonal)", .heading)] + note("seasonalMenu") + ["  " + card.dishes.joined(separator: " · ")]
        }
        if !screen.darkKitchenDishes.isEmpty {
            lines += ["", paint("Delivery only, from the dark kitchen", .heading)] + note("darkKitchen")
            lines += screen.darkKitchenDishes.flatMap { dish(screen, $0) }
        }
        if let card = screen.loyaltyCard {
            let stamps = String(repeating: "●", count: card.collected) + String(repeating: "○", count: max(0, card.needed - card.collected))
            lines += [""] + wrap(paint("Loyalty card", .heading), visible: "Loyalty card".count,
                                 "  \(stamps)  \(card.collected)/\(card.needed), a free bowl after \(card.needed)")
            lines += note("loyaltyCard")
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
        lines += note("orderTracking")
        lines.append("  " + (screen.sendsToKitchenDisplay ? "sent to the kitchen display" : "printed on the kitchen ticket printer"))
        lines += note("kitchenDisplay")
        lines.append("  " + (screen.offersDelivery ? "[ Pick up ]  [ Delivery ]" : "[ Pick up ]  (no delivery)"))
        lines += note("delivery")
        if let tips = screen.tipPresets {
            lines.append("  Tip the kitchen: " + tips.map { Dish.won($0).replacingOccurrences(of: " won", with: "") }.joined(separator: " · ") + " won")
            lines += note("tipJar")
        }
        if !screen.sponsoredShortcuts.isEmpty {
            lines += ["", paint("Sponsored: ", .dim) + screen.sponsoredShortcuts.joined(separator: " · ")] + note("sponsoredShortcuts")
        }
        if screen.searchBar == .bottom { lines += [""] + searchBar() }
        if annotate {
            let hidden = Self.hiddenBlocks(screen)
            if !hidden.isEmpty { lines += [""] + wrapped("off, so not shown: ", hidden) }
        }
        lines.append(rule("-"))
        lines += wrap("", visible: 0, footer.channelLine, style: .dim)
        if let line = footer.enrollmentsLine { lines += wrap("", visible: 0, line, style: .dim) }
        if let line = footer.distributionLine { lines += wrap("", visible: 0, line, style: .dim) }
        if let path = footer.storePath { lines.append(paint("store: \(path)", .dim)) }
        return lines.map { $0 + "\n" }.joined()
    }

    private func menu(_ screen: HomeScreen) -> [String] {
        // The dish lines' stars and allergens are decided by two more flags.
        var details: [String] = []
        if screen.showsReviews { details.append("reviews") }
        if screen.showsAllergens { details.append("allergenInfo") }
        switch screen.menu {
        case .newBibimbapMenu(let bowls, let extraGochujang):
            var lines = [paint("NEW", .accent) + " " + paint("The bibimbap menu: build your bowl", .heading)]
            lines += note(["newBibimbapMenu", "spicyMode"] + details)
            lines += bowls.flatMap { dish(screen, $0) }
            if extraGochujang { lines.append("  + extra gochujang on every bowl, on the house") }
            return lines
        case .classicList(let dishes):
            return [paint("Menu", .heading)] + note(["newBibimbapMenu"] + details) + dishes.flatMap { dish(screen, $0) }
        }
    }

    /// `lead` (already painted, `visible` columns wide) and `text`, broken at spaces into lines
    /// of at most `width` columns, the rest indented: a narrow pane gets whole words, not a
    /// terminal's hard wrap.
    private func wrap(_ lead: String, visible: Int, _ text: String, style: Style? = nil) -> [String] {
        func painted(_ piece: String) -> String { style.map { paint(piece, $0) } ?? piece }
        guard visible + text.count > width else { return [lead + painted(text)] }
        // Leading spaces belong to the lead, not to the first word.
        let spaces = text.prefix { $0 == " " }
        let lead = lead + spaces, visible = visible + spaces.count, text = String(text.dropFirst(spaces.count))
        var lines: [String] = []
        var current = "", room = width - visible
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if candidate.count > room, !current.isEmpty {
                lines.append(current)
                current = String(word)
                room = width - 4
            } else {
                current = candidate
            }
        }
        lines.append(current)
        return lines.enumerated().map { index, piece in index == 0 ? lead + painted(piece) : "    " + painted(piece) }
    }

    /// The `↳` line naming what decides the block above it (nothing unless `annotate`).
    private func note(_ names: String...) -> [String] { note(names) }

    private func note(_ names: [String]) -> [String] {
        annotate ? wrapped("    \u{21B3} ", names) : []
    }

    /// `names` after `lead`, joined by commas and wrapped to the width, dim.
    private func wrapped(_ lead: String, _ names: [String]) -> [String] {
        var lines: [String] = []
        var current = lead
        for (index, name) in names.enumerated() {
            let piece = name + (index < names.count - 1 ? "," : "")
            if current.count + piece.count + 1 > width, current.count > lead.count {
                lines.append(current)
                current = String(repeating: " ", count: lead.count)
            }
            current += (current.count > lead.count && !current.hasSuffix(" ") ? " " : "") + piece
        }
        lines.append(current)
        return lines.map { paint($0, .dim) }
    }

    /// The flags whose blocks are missing from `screen` because they are off.
    static func hiddenBlocks(_ screen: HomeScreen) -> [String] {
        var hidden: [String] = []
        if screen.promoBanner == nil { hidden.append("promoBanner") }
        if !screen.showsReviews { hidden.append("reviews") }
        if !screen.showsAllergens { hidden.append("allergenInfo") }
        if screen.seasonalCard == nil { hidden.append("seasonalMenu") }
        if screen.darkKitchenDishes.isEmpty { hidden.append("darkKitchen") }
        if screen.loyaltyCard == nil { hidden.append("loyaltyCard") }
        if screen.tipPresets == nil { hidden.append("tipJar") }
        if screen.sponsoredShortcuts.isEmpty { hidden.append("sponsoredShortcuts") }
        return hidden
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

    private func centered(_ text: String) -> String {
        let left = max(0, (width - text.count) / 2)
        return String(repeating: " ", count: left) + text + String(repeating: " ", count: max(0, width - left - text.count))
    }

    private func paint(_ text: String, _ style: Style) -> String {
        color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
