#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// A run of text in one style, part of a `DrawnLine`.
///
/// Use it to read (in tests) or paint (in `ScreenRenderer`) what the layout produced.
///
/// ```swift
/// let segment = DrawnSegment("●", style: .accent)
/// ```
public struct DrawnSegment: Equatable, Hashable, Sendable {
    /// The text, already clipped and padded by the layout.
    public var text: String
    /// How it is painted.
    public var style: TextStyle

    public init(_ text: String, style: TextStyle) {
        self.text = text
        self.style = style
    }
}
#endif
