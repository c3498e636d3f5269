#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// A color or weight of table output, as an ANSI SGR sequence (the menu, which draws through
/// ncurses, has its own `TextStyle`). Only text already made safe by
/// `TerminalSafeText` is ever wrapped in one, so a code from a registry or a server can never
/// pass as ours.
///
/// ```swift
/// ANSIStyle.green.wrap("on")   // "\u{1B}[32mon\u{1B}[0m"
/// ```
enum ANSIStyle: Sendable {
    case green, red, yellow, magenta, cyan, dim, bold

    private var code: String {
        switch self {
        case .green: "32"
        case .red: "31"
        case .yellow: "33"
        case .magenta: "35"
        case .cyan: "36"
        case .dim: "2"
        case .bold: "1"
        }
    }

    func wrap(_ safeText: String) -> String {
        "\u{1B}[\(code)m\(safeText)\u{1B}[0m"
    }
}
#endif
