#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// The store's recent changes drawn over the rows, newest first, for `H` in the menu: what
/// changed, old → new, how long ago and by whom. It only reads; Esc leaves it.
///
/// The controller fills it from the store's history and hands it to
/// `ScreenModel.showHistory(_:)`; the model scrolls it with the arrows, `j`/`k` and the page keys.
///
/// ```swift
/// model.showHistory(HistoryView(items: [.init(what: "Tip Jar override", change: "none → on", when: "5m ago", by: "flags set")]))
/// model.handle(.escape)   // back to the rows
/// ```
public struct HistoryView: Equatable, Hashable, Sendable {
    /// One recorded change.
    public struct Item: Equatable, Hashable, Sendable {
        /// The flag's override, a preference or a preset, as people call it.
        public var what: String
        /// "old → new".
        public var change: String
        /// How long ago ("5m ago").
        public var when: String
        /// Who made it: a command, `menu`, or an app's process.
        public var by: String

        public init(what: String, change: String, when: String, by: String) {
            self.what = what
            self.change = change
            self.when = when
            self.by = by
        }
    }

    /// What the view shows when the store has recorded nothing.
    public static let emptyText = "no changes recorded in this store yet"

    /// The changes, newest first.
    public private(set) var items: [Item]
    /// The first item on screen.
    public private(set) var scrollOffset = 0

    public init(items: [Item]) {
        self.items = items
    }

    /// Scrolls by `delta` items, stopping at both ends (`room` items fit on screen).
    public mutating func scroll(by delta: Int, room: Int) {
        scrollOffset = min(max(scrollOffset + delta, 0), max(0, items.count - max(1, room)))
    }

    /// Shows the first (`toEnd` false) or the last items.
    public mutating func jump(toEnd: Bool, room: Int) {
        scrollOffset = toEnd ? max(0, items.count - max(1, room)) : 0
    }
}
#endif
