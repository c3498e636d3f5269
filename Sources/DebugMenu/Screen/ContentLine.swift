#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// One line of the scrollable part of the menu: a section title, a spacer, or a row.
///
/// Use it to read what `ScreenModel` shows at a content line (`ScreenModel.contentLine(at:)`);
/// the layout turns each into drawn text.
///
/// ```swift
/// if case .row(let position) = model.contentLine(at: 0) { print(model.visibleRow(at: position).title) }
/// ```
public enum ContentLine: Equatable, Hashable, Sendable {
    /// A section title with the number of rows shown in it.
    case sectionTitle(MenuSection, rowCount: Int)
    /// The title of a collapsed section (`rowCount` rows hidden), selectable as the visible
    /// position `position`.
    case collapsedSectionTitle(MenuSection, rowCount: Int, position: Int)
    /// An empty line between sections.
    case spacer
    /// The visible row at `position` (an index among the rows the filter lets through).
    case row(position: Int)
}
#endif
