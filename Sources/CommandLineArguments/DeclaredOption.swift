/// An option as a program declares it: a `FlagOption` or a `ValueOption`, whose `spec` help,
/// the man page and completion render, and which `ArgumentList` parses by the same value.
///
/// ```swift
/// static let json = FlagOption.json("print JSON")
/// static let options: [any DeclaredOption] = [json]
/// ```
public protocol DeclaredOption: Sendable {
    var spec: OptionSpec { get }
}

extension DeclaredOption {
    /// The spelling messages name it by (`--output` for `-o, --output`).
    public var name: String { spec.name }
}
