/// An option that takes a value, declared once: `--name VALUE` or `--name=VALUE`.
/// `ArgumentList.value(of:)` (and `values`, `path`, `optionalValue`) read it.
///
/// ```swift
/// static let since = ValueOption("--since", value: .duration, help: "only changes of the last DURATION")
/// let text = try arguments.value(of: Self.since)
/// ```
public struct ValueOption: DeclaredOption {
    public let spec: OptionSpec

    /// - Parameters:
    ///   - placeholder: the value's word in help when the kind's own does not say enough.
    ///   - optionalValue: for a value that may be left out, which next words are the value.
    ///   - aliases: spellings also accepted, which help does not show.
    public init(_ names: String..., aliases: [String] = [], value: ValueKind, placeholder: String? = nil,
                optionalValue: (@Sendable (String) -> Bool)? = nil, help: String) {
        spec = OptionSpec(names, aliases: aliases, value: value, placeholder: placeholder, optionalValue: optionalValue, help)
    }
}
