/// A switch, declared once: given or not. `ArgumentList.take(_:)` reads it.
///
/// ```swift
/// static let overridden = FlagOption("--overridden", help: "only flags with a stored override")
/// let overriddenOnly = arguments.take(Self.overridden)
/// ```
public struct FlagOption: DeclaredOption {
    public let spec: OptionSpec

    /// - Parameter arguments: for a switch that changes what the positional arguments are.
    /// - Parameter aliases: spellings also accepted, which help does not show.
    public init(_ names: String..., aliases: [String] = [], arguments: [ArgumentSpec]? = nil, help: String) {
        spec = OptionSpec(names, aliases: aliases, arguments: arguments, help)
    }

    /// `--json`, which many commands take, each saying what its JSON holds.
    public static func json(_ help: String) -> FlagOption { FlagOption("--json", help: help) }

    /// `-h, --help`.
    public static func help(_ help: String) -> FlagOption { FlagOption("-h", "--help", help: help) }
}
