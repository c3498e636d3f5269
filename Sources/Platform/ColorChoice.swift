/// `--color=auto|always|never`: whether output is colored.
///
/// `auto` colors only a terminal, and not when `NO_COLOR` is set to anything (no-color.org)
/// or `TERM` is `dumb`; a pipe or a file gets plain text, so scripts and `grep` see no codes.
///
/// ```swift
/// ColorChoice.auto.isOn(outputIsTerminal: true, environment: ["NO_COLOR": "1"])   // false
/// ```
public enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never

    /// Whether to color output going to a terminal (`outputIsTerminal`) or elsewhere, with
    /// these environment variables.
    public func isOn(outputIsTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto:
            outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }
}
