/// A JSON value: what a Nimbus feature resolves to, what an experiment branch carries, and what
/// an FML default becomes once it is read.
///
/// Integers and floating-point numbers are kept apart because FML's `Int` accepts only whole
/// numbers. Objects are dictionaries; anything that prints them sorts the keys so output is stable.
///
/// ```swift
/// let value: JSONValue = .object(["enabled": .bool(true)])
/// value["enabled"]?.boolValue  // true
/// ```
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var intValue: Int? { if case .int(let value) = self { value } else { nil } }
    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    public var arrayValue: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
    public var objectValue: [String: JSONValue]? { if case .object(let value) = self { value } else { nil } }

    /// The member `key` of an object, or nil for anything else.
    public subscript(key: String) -> JSONValue? { objectValue?[key] }

    /// This value with `other` merged over it, the way Nimbus layers feature values: objects merge
    /// key by key (recursively); anything else in `other` replaces what was here.
    public func merging(_ other: JSONValue) -> JSONValue {
        guard case .object(var mine) = self, case .object(let theirs) = other else { return other }
        for (key, value) in theirs {
            mine[key] = mine[key].map { $0.merging(value) } ?? value
        }
        return .object(mine)
    }

    /// The kind and the value, for a message: `string "en"`, `number 121.0`, and for null only
    /// `null`, which is both.
    public var kindAndText: String {
        self == .null ? "null" : "\(kindName) \(compactText)"
    }

    /// A short name of the value's kind, for error messages ("expected Boolean, found string").
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .int: "integer"
        case .double: "number"
        case .string: "string"
        case .array: "list"
        case .object: "object"
        }
    }
}
