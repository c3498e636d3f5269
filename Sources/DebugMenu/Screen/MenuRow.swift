#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer
/// One line of the debug menu, as plain data: what it shows and what it can do.
///
/// Use it to hand the screen what `FeatureFlagsBoolSetting` (or a preference, or a build
/// flag) should look like; the screen never sees flags or stores, and reports what the user
/// asked for as a `MenuAction` carrying the row's `id`.
///
/// ```swift
/// let row = MenuRow(
///     id: "translation", section: .featureFlags,
///     kind: .toggle(isOn: true, isOverridden: true, sourceText: "override",
///                   hiddenValueText: "default: off"),
///     title: "Translation", statusText: "Translate pages in place")
/// ```
public struct MenuRow: Identifiable, Equatable, Hashable, Sendable {
    /// What a row is and what it can do.
    public enum Kind: Equatable, Hashable, Sendable {
        /// An on/off switch; `sourceText` says where the value comes from (override,
        /// experiment slug/branch, rollout, default); `hiddenValueText` is the value an
        /// override hides, shown beside it.
        case toggle(isOn: Bool, isOverridden: Bool, sourceText: String, hiddenValueText: String?)
        /// One value out of `variants`; activating it asks to cycle to the next one.
        case choice(value: String, variants: [String])
        /// A value to read, not to change.
        case readOnly(valueText: String)
    }

    /// Stable identity (a flag id, a preference key); kept selected across refreshes.
    public let id: String
    /// The section the row is shown in.
    public let section: MenuSection
    /// What the row shows and can do.
    public let kind: Kind
    /// The row's title.
    public let title: String
    /// A short explanation shown after the title.
    public let statusText: String
    /// Lowercased id, title and status text: what the filter searches.
    public let searchableText: String

    public init(id: String, section: MenuSection, kind: Kind, title: String, statusText: String = "") {
        self.id = id
        self.section = section
        self.kind = kind
        self.title = title
        self.statusText = statusText
        self.searchableText = "\(id)\n\(title)\n\(statusText)".lowercased()
    }

    /// Whether the row is a toggle carrying a debug override.
    public var isOverridden: Bool {
        if case .toggle(_, true, _, _) = kind { return true }
        return false
    }

    /// Whether the row can be changed (toggled or cycled).
    public var isActionable: Bool {
        if case .readOnly = kind { return false }
        return true
    }

    /// Whether the (already lowercased) `needle` occurs in the id, title or status text.
    public func matches(lowercasedFilter needle: String) -> Bool {
        needle.isEmpty || searchableText.contains(needle)
    }
}
#endif
