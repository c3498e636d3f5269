#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// One screen line produced by `ScreenLayout`: styled segments that together fill the
/// terminal's width exactly.
///
/// Use `text` in tests to check what a user would read; `ScreenRenderer` paints the
/// segments left to right.
///
/// ```swift
/// let line = DrawnLine([DrawnSegment("▸ ", style: .selected), DrawnSegment("Title", style: .selected)])
/// line.text    // "▸ Title"
/// ```
public struct DrawnLine: Equatable, Hashable, Sendable {
    /// The styled runs, left to right.
    public var segments: [DrawnSegment]

    public init(_ segments: [DrawnSegment]) {
        self.segments = segments
    }

    /// The line as plain text (all segments joined).
    public var text: String {
        segments.map(\.text).joined()
    }

    /// Whether any segment has `style`.
    public func contains(style: TextStyle) -> Bool {
        segments.contains { $0.style == style }
    }
}
#endif
