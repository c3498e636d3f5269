import Formats

/// The variables of one feature (or the fields of one object) as JSON, read by generated code
/// one variable at a time into Swift types.
///
/// A value is taken from `value` (what the feature resolved to: defaults for the channel, then
/// rollouts and experiments over them); when it is missing or of the wrong type, from `defaults`
/// (the manifest's default for the running channel); when that fails too, `value(_:)` returns nil
/// and the generated code uses the default it was generated with.
///
/// ```swift
/// let variables = FeatureVariables(.object(["enabled": .string("yes")]), defaults: .object(["enabled": .bool(true)]))
/// let enabled: Bool? = variables.value("enabled")   // true: the wrong type fell back to the default
/// ```
public struct FeatureVariables: Sendable, Equatable {
    /// The resolved variables: a JSON object, variable name → value.
    public let json: JSONValue
    /// The manifest's variables for the channel, used for what `json` cannot give.
    public let defaults: JSONValue

    public init(_ json: JSONValue, defaults: JSONValue = .null) {
        self.json = json
        self.defaults = defaults
    }

    /// No variables at all: every value is the generated default.
    public static let empty = FeatureVariables(.null)

    /// The variable `name` read as `T`, else its channel default, else nil.
    public func value<T: FeatureJSONDecodable>(_ name: String, as type: T.Type = T.self) -> T? {
        if let raw = json[name], let value = T(featureJSON: raw) { return value }
        if let raw = defaults[name], let value = T(featureJSON: raw) { return value }
        return nil
    }
}
