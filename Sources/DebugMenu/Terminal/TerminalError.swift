#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// Why the menu cannot take over the terminal.
///
/// Thrown by `Terminal.init` and `Terminal.run(pollInterval:_:)` before anything is drawn;
/// the command line prints `description` to stderr and exits with status 2.
///
/// ```swift
/// do { try Terminal.run { terminal in ... } }
/// catch let error as TerminalError { print(error, to: &standardError); exit(2) }
/// ```
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Standard input is not a terminal (input is piped or redirected).
    case standardInputNotATerminal
    /// Standard output is not a terminal (output is piped or redirected).
    case standardOutputNotATerminal
    /// `TERM` is not set.
    case terminalTypeMissing
    /// `TERM` names a terminal that cannot draw a full-screen menu (`dumb`, or unknown to terminfo).
    case terminalTypeUnusable(String)
    /// Another `Terminal` is already active in this process.
    case alreadyActive

    public var description: String {
        switch self {
        case .standardInputNotATerminal:
            return "the debug menu needs a terminal: standard input is not a tty (use the `flags` subcommands in scripts)"
        case .standardOutputNotATerminal:
            return "the debug menu needs a terminal: standard output is not a tty (use the `flags` subcommands in scripts)"
        case .terminalTypeMissing:
            return "the debug menu needs a terminal: TERM is not set"
        case .terminalTypeUnusable(let term):
            return "the debug menu cannot draw on terminal type '\(term)' (set TERM to e.g. xterm-256color)"
        case .alreadyActive:
            return "the debug menu is already running in this process"
        }
    }
}
#endif
