#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// The symbols the menu draws, in Unicode or in plain ASCII.
///
/// Use `.unicode` when the locale is UTF-8 (`Terminal.usesUnicode`), `.ascii` otherwise;
/// every meaning survives in ASCII (an overridden row shows `*` instead of `●`), so no
/// information depends on color or on Unicode.
///
/// ```swift
/// let glyphs: ScreenGlyphs = terminal.usesUnicode ? .unicode : .ascii
/// glyphs.overridden   // "●" or "*"
/// ```
public struct ScreenGlyphs: Equatable, Hashable, Sendable {
    /// Marks the selected row.
    public var pointer: String
    /// Inside the switch of a toggle that is on.
    public var on: String
    /// Inside the switch of a toggle that is off.
    public var off: String
    /// Inside the switch of a choice row.
    public var choice: String
    /// Marks a row whose value is a debug override.
    public var overridden: String
    /// Fills the rule under the header and after section titles.
    public var rule: String
    /// Separates facts in the header.
    public var separator: String
    /// Ends text that was cut.
    public var ellipsis: String
    /// The "move" keys in the footer.
    public var upDown: String
    /// The caret while the filter is edited.
    public var caret: String
    /// The arrow keys, as named in the help.
    public var upDownKeys: String
    /// Joins a fact and its reason ("cached 3m ago — server unreachable").
    public var dash: String

    public init(
        pointer: String, on: String, off: String, choice: String, overridden: String,
        rule: String, separator: String, ellipsis: String, upDown: String, caret: String,
        upDownKeys: String, dash: String = "-"
    ) {
        self.pointer = pointer
        self.on = on
        self.off = off
        self.choice = choice
        self.overridden = overridden
        self.rule = rule
        self.separator = separator
        self.ellipsis = ellipsis
        self.upDown = upDown
        self.caret = caret
        self.upDownKeys = upDownKeys
        self.dash = dash
    }

    /// Box-drawing and symbol characters, for UTF-8 terminals.
    public static let unicode = ScreenGlyphs(
        pointer: "▸", on: "✓", off: " ", choice: "≡", overridden: "●",
        rule: "─", separator: "·", ellipsis: "…", upDown: "↑↓", caret: "▏", upDownKeys: "↑ ↓", dash: "\u{2014}")

    /// Plain ASCII, for other locales.
    public static let ascii = ScreenGlyphs(
        pointer: ">", on: "x", off: " ", choice: "=", overridden: "*",
        rule: "-", separator: "|", ellipsis: "~", upDown: "j/k", caret: "_", upDownKeys: "Up Down")
}
#endif
