#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// Paints a frame of the menu on a `Terminal`: sets the model's viewport from the terminal
/// size, asks `ScreenLayout` for the lines, draws them and refreshes.
///
/// Use one per `Terminal`, and call `render(_:header:on:)` once per turn of the event loop
/// (after every key, timeout or resize); ncurses sends only what changed, so redrawing every
/// turn is cheap, and the cost is O(lines on screen).
///
/// ```swift
/// let renderer = ScreenRenderer(terminal: terminal)
/// renderer.render(&model, header: header, on: terminal)
/// ```
public struct ScreenRenderer: Sendable {
    /// The pure layout used for each frame.
    public var layout: ScreenLayout

    /// A renderer with an explicit layout (glyphs and measure).
    public init(layout: ScreenLayout) {
        self.layout = layout
    }

    /// A renderer matched to `terminal`: Unicode glyphs on UTF-8 locales, ASCII otherwise,
    /// and the terminal's own character widths.
    public init(terminal: Terminal) {
        self.layout = ScreenLayout(glyphs: terminal.usesUnicode ? .unicode : .ascii, measure: terminal.measure)
    }

    /// The lines of the next frame for a terminal of `size`, after fitting the model's viewport.
    public func frame(_ model: inout ScreenModel, header: MenuHeader, size: Terminal.Size) -> [DrawnLine] {
        let viewport = ScreenLayout.viewport(for: size)
        model.setViewport(top: viewport.top, height: viewport.height)
        // The help's length depends on the width it wraps at, which only the layout knows.
        if model.isHelpShown {
            model.setHelpScrollLimit(layout.helpTextLines(width: size.columns).count - max(1, viewport.height - 1))
        }
        return layout.lines(for: model, header: header, size: size)
    }

    /// Draws one frame of `model` on `terminal`.
    public func render(_ model: inout ScreenModel, header: MenuHeader, on terminal: Terminal) {
        let size = terminal.size
        let lines = frame(&model, header: header, size: size)
        terminal.clear()
        for (row, line) in lines.enumerated() {
            var column = 0
            for segment in line.segments {
                let width = layout.measure.width(of: segment.text)
                terminal.draw(segment.text, row: row, column: column, width: width, style: segment.style)
                column += width
            }
        }
        terminal.refresh()
    }
}
#endif
