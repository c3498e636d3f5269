#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// One input event from the terminal: a key, a mouse event, a resize, a poll timeout, or a
/// termination signal.
///
/// Use it as the single vocabulary between `Terminal.readKey()` and `ScreenModel.handle(_:)`,
/// so the screen model can be driven by tests without a terminal.
///
/// ```swift
/// var model = ScreenModel(rows: rows)
/// let action = model.handle(.character("j"))   // moves down
/// switch terminal.readKey() {
/// case .timeout: reloadIfStoreChanged()
/// case .terminationSignal: break // leave the loop; the terminal is restored by Terminal.run
/// case let key: _ = model.handle(key)
/// }
/// ```
public enum KeyEvent: Equatable, Hashable, Sendable {
    /// What the mouse did at a screen cell.
    public enum MouseKind: Equatable, Hashable, Sendable {
        /// The primary button was pressed.
        case click
        /// The wheel turned towards the top of the list.
        case wheelUp
        /// The wheel turned towards the bottom of the list.
        case wheelDown
    }

    case up
    case down
    case left
    case right
    case pageUp
    case pageDown
    case home
    case end
    case tab
    /// Shift-Tab.
    case backTab
    case enter
    case escape
    case backspace
    /// The terminal changed size; redraw with the new size.
    case resize
    /// A printable (or control) character typed by the user.
    case character(Character)
    /// A mouse event at a zero-based screen row and column.
    case mouse(row: Int, column: Int, kind: MouseKind)
    /// Nothing happened within the poll interval: a chance to look for external changes.
    case timeout
    /// SIGINT, SIGTERM, SIGHUP or SIGQUIT arrived: leave the loop and exit (status 128 + signal).
    case terminationSignal(Int32)
}
#endif
