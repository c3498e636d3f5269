#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// The list of saved presets drawn over the rows, one of them selected, for `p` in the menu.
///
/// The controller fills it (names and when each was saved) and hands it to
/// `ScreenModel.showPresetChooser(_:)`; the model moves the selection with the arrows and `j`/`k`,
/// returns `.applyPreset(name:)` on Enter and closes it on Esc.
///
/// ```swift
/// model.showPresetChooser(PresetChooser(items: [.init(name: "checkout", detail: "saved 5m ago")]))
/// model.handle(.enter)   // .applyPreset(name: "checkout")
/// ```
public struct PresetChooser: Equatable, Hashable, Sendable {
    /// One preset in the list.
    public struct Item: Equatable, Hashable, Sendable {
        /// The preset's name.
        public var name: String
        /// A short fact shown beside it ("saved 5m ago").
        public var detail: String
        /// What applying it would change now ("2 changes: tipJar override on, …"), if known.
        public var changes: String?

        public init(name: String, detail: String, changes: String? = nil) {
            self.name = name
            self.detail = detail
            self.changes = changes
        }
    }

    /// What the list shows when there are no presets (`dash` is `—`, or `-` on an ASCII terminal).
    public static func emptyText(dash: String = "\u{2014}") -> String {
        "no presets yet \(dash) press s to save one"
    }

    /// The presets, in the order shown.
    public private(set) var items: [Item]
    /// The index of the selected item; nil when the list is empty.
    public private(set) var selection: Int?

    public init(items: [Item]) {
        self.items = items
        selection = items.isEmpty ? nil : 0
    }

    /// The selected item, if any.
    public var selectedItem: Item? {
        selection.map { items[$0] }
    }

    /// Moves the selection by `delta`, stopping at both ends.
    public mutating func move(by delta: Int) {
        guard let current = selection else { return }
        selection = min(max(current + delta, 0), items.count - 1)
    }

    /// Selects the first (`toEnd` false) or the last item.
    public mutating func jump(toEnd: Bool) {
        guard !items.isEmpty else { return }
        selection = toEnd ? items.count - 1 : 0
    }
}
#endif
