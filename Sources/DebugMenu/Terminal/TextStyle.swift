#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// How a piece of text is painted: the few looks the menu uses.
///
/// Use it in `DrawnSegment`s produced by `ScreenLayout`; `Terminal` maps each style to
/// ncurses attributes and, when color is allowed, to a color pair. Every style stays
/// distinguishable without color (bold, reverse, dim), so `NO_COLOR` loses nothing.
///
/// ```swift
/// terminal.draw("Feature Flags", row: 0, column: 0, width: 40, style: .header)
/// ```
public enum TextStyle: Equatable, Hashable, Sendable {
    /// Plain text.
    case normal
    /// Emphasis: section titles, key names, overridden titles.
    case bold
    /// Secondary text: read-only rows, hints, the store path.
    case dim
    /// The selected row (reverse video).
    case selected
    /// An overridden value: accent color (bold without color).
    case accent
    /// An overridden value on the selected row.
    case selectedAccent
    /// The header bar.
    case header
    /// Errors and questions that need an answer.
    case error
    /// A letter the filter matched (bold and underlined, so it shows without color).
    case match
    /// A matched letter on the selected row.
    case selectedMatch
}
#endif
