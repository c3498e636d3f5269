#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CNcursesw

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The thin layer over ncurses: takes over the terminal, paints styled text, reads keys,
/// and always gives the terminal back.
///
/// Use `Terminal.run(pollIntervalMilliseconds:_:)`: it refuses clearly (a `TerminalError`,
/// for the caller to print and exit 2) when stdin or stdout is not a tty or `TERM` is
/// missing or unusable, and it restores the terminal (`endwin`) however the body ends:
/// a return, a thrown error, SIGINT/SIGTERM/SIGHUP (reported by `readKey()` as
/// `.terminationSignal`), an `exit()` call, or a crash.
/// This is the only file that imports `CNcursesw`; nothing else sees ncurses.
///
/// ```swift
/// try Terminal.run { terminal in
///     var model = ScreenModel(rows: rows)
///     let renderer = ScreenRenderer()
///     while true {
///         renderer.render(&model, header: header, on: terminal)
///         let key = terminal.readKey()          // returns .timeout every ~250 ms
///         if case .terminationSignal = key { break }
///         if model.handle(key) == .quit { break }
///     }
/// }
/// ```
public final class Terminal {
    /// The size of the terminal in character cells.
    public struct Size: Equatable, Hashable, Sendable {
        /// Number of lines.
        public var rows: Int
        /// Number of columns.
        public var columns: Int

        public init(rows: Int, columns: Int) {
            self.rows = rows
            self.columns = columns
        }
    }

    /// Whether the locale is UTF-8, so box-drawing and symbol glyphs (┃ ✓ ● ▸) can be used;
    /// when false, draw ASCII fallbacks (`ScreenGlyphs.ascii`).
    public let usesUnicode: Bool
    /// Whether color is used: the terminal has colors and `NO_COLOR` is not set.
    public let usesColor: Bool
    /// Whether the terminal reports mouse clicks and the wheel.
    public let mouseEnabled: Bool
    /// How long `readKey()` waits before answering `.timeout`.
    public let pollIntervalMilliseconds: Int
    /// Text widths as ncurses counts them (the C library's `wcwidth`).
    public let measure: TextMeasure

    private var screen: OpaquePointer?
    private var isActive = false
    private var attributes: [TextStyle: attr_t] = [:]

    /// Takes over the terminal. Prefer `run(pollIntervalMilliseconds:_:)`, which also stops it.
    ///
    /// - Parameter pollIntervalMilliseconds: how long `readKey()` waits for input before
    ///   returning `.timeout` (clamped to 10...5000).
    /// - Throws: `TerminalError` when there is no usable terminal; nothing has been changed then.
    public init(pollIntervalMilliseconds: Int = 250) throws {
        let term = try Self.checkUsable()
        guard cnc_claim_session() != 0 else { throw TerminalError.alreadyActive }

        _ = cnc_adopt_user_locale()
        let unicode = cnc_locale_is_utf8() != 0
        cnc_save_modes()
        cnc_install_signal_handlers()
        guard let screen = cnc_newterm(nil) else {
            cnc_restore_signal_handlers()
            cnc_release_session()
            throw TerminalError.terminalTypeUnusable(term)
        }
        guard cnc_can_address_cursor() != 0 else {
            endwin()
            cnc_delscreen(screen)
            cnc_restore_signal_handlers()
            cnc_release_session()
            throw TerminalError.terminalTypeUnusable(term)
        }
        self.screen = screen
        self.isActive = true
        self.usesUnicode = unicode
        self.pollIntervalMilliseconds = min(max(pollIntervalMilliseconds, 10), 5000)
        self.measure = unicode
            ? TextMeasure(scalarWidth: { Int(cnc_wcwidth($0.value)) })
            : TextMeasure(scalarWidth: { $0.value >= 0x20 && $0.value < 0x7F ? 1 : -1 })

        cbreak()
        noecho()
        nonl()
        _ = cnc_keypad_on()
        curs_set(0)
        _ = cnc_set_escdelay(25)
        _ = cnc_set_timeout(Int32(self.pollIntervalMilliseconds))

        let noColor = getenv("NO_COLOR").map { String(cString: $0).isEmpty == false } ?? false
        self.usesColor = !noColor && cnc_start_colors() != 0
        self.mouseEnabled = cnc_enable_mouse() != 0
        self.attributes = Self.makeAttributes(color: usesColor)
        cnc_prepare_reset_sequence(mouseEnabled ? 1 : 0)
        cnc_arm_crash_guard(1)
    }

    deinit {
        stop()
    }

    /// Checks, without touching the terminal, that standard input and output are ttys and
    /// `TERM` names a terminal that can draw; returns the value of `TERM`.
    ///
    /// Call it before doing work that only makes sense with a terminal (opening a store),
    /// so a script that pipes into the menu gets the refusal and nothing else.
    /// `terminalTypeUnusable` is also thrown later by `init` when terminfo does not know `TERM`.
    @discardableResult
    public static func checkUsable() throws(TerminalError) -> String {
        guard cnc_stdin_is_tty() != 0 else { throw TerminalError.standardInputNotATerminal }
        guard cnc_stdout_is_tty() != 0 else { throw TerminalError.standardOutputNotATerminal }
        guard let termPointer = getenv("TERM") else { throw TerminalError.terminalTypeMissing }
        let term = String(cString: termPointer)
        guard !term.isEmpty else { throw TerminalError.terminalTypeMissing }
        guard term != "dumb", term != "unknown" else { throw TerminalError.terminalTypeUnusable(term) }
        return term
    }

    /// Runs `body` with the terminal taken over, and restores the terminal however `body`
    /// ends (return or throw).
    ///
    /// - Throws: `TerminalError` when there is no usable terminal, or what `body` throws.
    public static func run<Result>(
        pollIntervalMilliseconds: Int = 250,
        _ body: (Terminal) throws -> Result
    ) throws -> Result {
        let terminal = try Terminal(pollIntervalMilliseconds: pollIntervalMilliseconds)
        defer { terminal.stop() }
        return try body(terminal)
    }

    /// Gives the terminal back (endwin) and removes the signal handlers. Safe to call twice.
    public func stop() {
        guard isActive else { return }
        isActive = false
        cnc_arm_crash_guard(0)
        cnc_disable_mouse()
        curs_set(1)
        endwin()
        cnc_delscreen(screen)
        screen = nil
        cnc_restore_signal_handlers()
        cnc_release_session()
    }

    /// The current size (updated after a `.resize` event).
    public var size: Size {
        guard isActive else { return Size(rows: 0, columns: 0) }
        return Size(rows: Int(max(cnc_max_y(), 0)), columns: Int(max(cnc_max_x(), 0)))
    }

    /// Blanks the next frame (nothing reaches the screen before `refresh()`).
    public func clear() {
        guard isActive else { return }
        _ = cnc_erase()
    }

    /// Forces a full repaint at the next `refresh()` (after the screen was garbled).
    public func repaintAll() {
        guard isActive else { return }
        _ = cnc_clear()
    }

    /// Paints `text` at a zero-based `row` and `column`, clipped to `width` columns and the
    /// screen edge. Control characters show as `?`; wide characters are never cut in half.
    public func draw(_ text: String, row: Int, column: Int, width: Int, style: TextStyle) {
        guard isActive else { return }
        let size = self.size
        guard row >= 0, row < size.rows, column >= 0, column < size.columns, width > 0 else { return }
        let columns = min(width, size.columns - column)
        let clipped = measure.clip(measure.sanitized(text), to: columns)
        guard !clipped.isEmpty else { return }
        var scalars: [UInt32] = []
        scalars.reserveCapacity(clipped.unicodeScalars.count)
        for scalar in clipped.unicodeScalars { scalars.append(scalar.value) }
        let attrs = attributes[style] ?? cnc_a_normal()
        scalars.withUnsafeBufferPointer { buffer in
            _ = cnc_put_wide(Int32(row), Int32(column), buffer.baseAddress, Int32(buffer.count), attrs)
        }
    }

    /// Asks the terminal to put `text` on the clipboard (OSC 52, `ClipboardSequence`), written
    /// straight to the tty (between frames: ncurses has flushed its output). Returns false when nothing was sent
    /// (the terminal is stopped, the text too long, the write failed); whether the terminal
    /// honors the request cannot be known.
    @discardableResult
    public func copyToClipboard(_ text: String) -> Bool {
        guard isActive, let bytes = ClipboardSequence.bytes(for: text) else { return false }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return false }
            written += result
        }
        return true
    }

    /// Throws away input that was typed (or pasted) but not read yet, so that keys meant for
    /// the menu do not reach the shell as a command line when the menu is interrupted.
    public func discardPendingInput() {
        guard isActive else { return }
        _ = flushinp()
    }

    /// Shows what was drawn since the last refresh (ncurses sends only the differences).
    public func refresh() {
        guard isActive else { return }
        _ = cnc_refresh()
    }

    /// Waits up to the poll interval for one input event.
    ///
    /// Returns `.timeout` when nothing happened (time to look for external changes),
    /// `.terminationSignal` after SIGINT/SIGTERM/SIGHUP/SIGQUIT, `.resize` after SIGWINCH.
    public func readKey() -> KeyEvent {
        guard isActive else { return .terminationSignal(SIGHUP) }
        while true {
            if let signal = takeSignal() { return signal }
            var value: UInt32 = 0
            let kind = cnc_read(&value)
            if let signal = takeSignal() { return signal }
            switch Int(kind) {
            case CNC_READ_CHAR:
                if let event = Self.characterEvent(value) { return event }
            case CNC_READ_KEY:
                if Int32(bitPattern: value) == KEY_MOUSE {
                    if let event = readMouse() { return event }
                } else if let event = Self.keyEvent(Int32(bitPattern: value)) {
                    return event
                }
            default:
                // No key: normally the poll interval passed; but when the terminal went away, reads
                // fail at once, so treat a hung-up input as the hang-up signal it should have sent.
                if cnc_input_hung_up() != 0 { return .terminationSignal(SIGHUP) }
                return .timeout
            }
            // An event the menu does not use: read on.
        }
    }

    /// The next input event if one is already waiting (typed ahead, pasted), without waiting;
    /// nil when there is none. Lets a caller handle a burst of keys before drawing again.
    public func pendingKey() -> KeyEvent? {
        guard isActive else { return nil }
        _ = cnc_set_timeout(0)
        defer { _ = cnc_set_timeout(Int32(pollIntervalMilliseconds)) }
        let key = readKey()
        return key == .timeout ? nil : key
    }

    // MARK: - Private

    private func takeSignal() -> KeyEvent? {
        let signal = cnc_take_signal()
        return signal == 0 ? nil : .terminationSignal(signal)
    }

    private func readMouse() -> KeyEvent? {
        var row: Int32 = 0
        var column: Int32 = 0
        let kind = cnc_read_mouse(&row, &column)
        switch Int(kind) {
        case CNC_MOUSE_CLICK: return .mouse(row: Int(row), column: Int(column), kind: .click)
        case CNC_MOUSE_WHEEL_UP: return .mouse(row: Int(row), column: Int(column), kind: .wheelUp)
        case CNC_MOUSE_WHEEL_DOWN: return .mouse(row: Int(row), column: Int(column), kind: .wheelDown)
        default: return nil
        }
    }

    private static func characterEvent(_ value: UInt32) -> KeyEvent? {
        switch value {
        case 10, 13: return .enter
        case 9: return .tab
        case 27: return .escape
        case 8, 127: return .backspace
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }

    private static func keyEvent(_ code: Int32) -> KeyEvent? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME, KEY_FIND, KEY_A1: return .home
        case KEY_END, KEY_SELECT, KEY_C1: return .end
        case KEY_BTAB: return .backTab
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE, KEY_DC: return .backspace
        case KEY_RESIZE: return .resize
        default: return nil
        }
    }

    private static func makeAttributes(color: Bool) -> [TextStyle: attr_t] {
        let bold = cnc_a_bold()
        let reverse = cnc_a_reverse()
        let dim = cnc_a_dim()
        guard color else {
            return [
                .normal: cnc_a_normal(),
                .bold: bold,
                .dim: dim,
                .selected: reverse,
                .accent: bold,
                .selectedAccent: reverse | bold,
                .header: reverse | bold,
                .error: bold | cnc_a_underline(),
                .match: bold | cnc_a_underline(),
                .selectedMatch: reverse | bold | cnc_a_underline(),
            ]
        }
        let background: Int16 = cnc_use_default_colors() != 0 ? -1 : cnc_color_black()
        _ = cnc_init_pair(1, cnc_color_white(), cnc_color_blue())
        _ = cnc_init_pair(2, cnc_color_yellow(), background)
        _ = cnc_init_pair(3, cnc_color_red(), background)
        return [
            .normal: cnc_a_normal(),
            .bold: bold,
            .dim: dim,
            .selected: reverse,
            .accent: cnc_color_pair(2) | bold,
            .selectedAccent: cnc_color_pair(2) | reverse | bold,
            .header: cnc_color_pair(1) | bold,
            .error: cnc_color_pair(3) | bold,
            .match: cnc_color_pair(2) | bold | cnc_a_underline(),
            .selectedMatch: cnc_color_pair(2) | reverse | bold | cnc_a_underline(),
        ]
    }
}
#endif
