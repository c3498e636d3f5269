import Formats

/// A Swift type a feature variable's JSON value can be read as: the types `flags generate
/// --features` maps FML types to (`Boolean` → `Bool`, `Int`, `String`/`Text`/`Image` → `String`,
/// `Option<T>` → `T?`, `List<T>` → `[T]`, `Map<K, T>` → `[K: T]`, enums, objects).
///
/// The initializer fails when the JSON has the wrong shape, so that the caller falls back to a
/// default instead of showing a half-read value. A list or map is read whole or not at all: one
/// element of the wrong type makes the whole variable fall back, the way the resolver refuses a
/// whole variable an experiment sets to the wrong type.
///
/// ```swift
/// [Int](featureJSON: .array([.int(1), .int(2)]))   // [1, 2]
/// Bool(featureJSON: .string("yes"))                 // nil: the caller uses its default
/// ```
public protocol FeatureJSONDecodable: Sendable {
    init?(featureJSON: JSONValue)
}

extension Bool: FeatureJSONDecodable {
    public init?(featureJSON: JSONValue) {
        guard let value = featureJSON.boolValue else { return nil }
        self = value
    }
}

extension Int: FeatureJSONDecodable {
    public init?(featureJSON: JSONValue) {
        guard let value = featureJSON.intValue else { return nil }
        self = value
    }
}

extension String: FeatureJSONDecodable {
    public init?(featureJSON: JSONValue) {
        guard let value = featureJSON.stringValue else { return nil }
        self = value
    }
}

extension Optional: FeatureJSONDecodable where Wrapped: FeatureJSONDecodable {
    /// JSON `null` is a valid `nil`; anything else must be a valid `Wrapped`.
    public init?(featureJSON: JSONValue) {
        if featureJSON == .null {
            self = .none
        } else if let value = Wrapped(featureJSON: featureJSON) {
            self = .some(value)
        } else {
            return nil
        }
    }
}

extension Array: FeatureJSONDecodable where Element: FeatureJSONDecodable {
    public init?(featureJSON: JSONValue) {
        guard let items = featureJSON.arrayValue else { return nil }
        var values: [Element] = []
        values.reserveCapacity(items.count)
        for item in items {
            guard let value = Element(featureJSON: item) else { return nil }
            values.append(value)
        }
        self = values
    }
}

extension Dictionary: FeatureJSONDecodable where Key: FeatureMapKey, Value: FeatureJSONDecodable {
    public init?(featureJSON: JSONValue) {
        guard let members = featureJSON.objectValue else { return nil }
        var values: [Key: Value] = [:]
        values.reserveCapacity(members.count)
        for (name, item) in members {
            guard let key = Key(featureMapKey: name), let value = Value(featureJSON: item) else { return nil }
            values[key] = value
        }
        self = values
    }
}
