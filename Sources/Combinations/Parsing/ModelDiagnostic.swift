/// A problem in a model or seed file, or in a model built in code: where it is, what is wrong,
/// and the name that was probably meant.
///
/// Thrown by ``ModelParser``, ``SeedParser`` and ``CombinationModel/validate()`` for errors, and
/// collected in their `warnings` for what PICT would accept but is probably a mistake. PICT drops
/// a constraint that names an unknown parameter with only a warning; here it is an error that
/// points at the name and suggests the closest one. `description` reads
/// `file:line:column: message (did you mean 'x'?)`.
///
/// ```swift
/// do { _ = try ModelParser().parse("OS: Win10, Win11\nIF [Os] = \"Win10\" THEN [OS] = \"Win11\";\n") }
/// catch { print(error) }   // <model>:2:5: unknown parameter 'Os' (did you mean 'OS'?)
/// ```
public struct ModelDiagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is; `nil` for a model built in code.
    public var location: ModelLocation?
    public var message: String
    /// The name that was probably meant, for an unknown parameter or value.
    public var suggestion: String?

    public init(_ message: String, at location: ModelLocation? = nil, suggestion: String? = nil) {
        self.message = message
        self.location = location
        self.suggestion = suggestion
    }

    public var description: String {
        let text = suggestion.map { "\(message) (did you mean '\($0)'?)" } ?? message
        return location.map { "\($0): \(text)" } ?? text
    }
}
