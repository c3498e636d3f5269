import Formats
/// Typed access to the members of one JSON object in a record, producing errors that name the
/// member by its full path (`branches[1].ratio`), with the rules of the Nimbus SDK's serde model
/// (`components/nimbus/src/schema.rs`): an `Option` field may be absent or `null` (Experimenter
/// writes `"endDate": null`), while a field that is not an `Option` (required, or one with a
/// `#[serde(default)]`) must not be `null`; integers are read as serde reads `u32`/`i32`, so
/// `7.0` is refused.
struct RecordFields {
    let members: [String: JSONValue]
    /// Path of this object inside the record, "" for the record itself.
    let path: String

    init(_ value: JSONValue, path: String) throws(ExperimentRecordError) {
        guard case .object(let members) = value else {
            throw .wrongKind(path, expected: "an object", found: value)
        }
        self.members = members
        self.path = path
    }

    func path(of key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The member, with `null` counted as absent: for the SDK's `Option` fields.
    func value(_ key: String) -> JSONValue? {
        guard let value = members[key], value != .null else { return nil }
        return value
    }

    /// A member's path is made only for an error message: building one for every member read
    /// was a fifth of the cost of reading a record. A `null` reaches `convert`, which refuses it.
    func required<T>(_ key: String, _ convert: (JSONValue, () -> String) throws(ExperimentRecordError) -> T) throws(ExperimentRecordError) -> T {
        guard let value = members[key] else { throw .missing(path(of: key)) }
        return try convert(value, { path(of: key) })
    }

    /// An `Option` field: absent or `null` is nil.
    func optional<T>(_ key: String, _ convert: (JSONValue, () -> String) throws(ExperimentRecordError) -> T) throws(ExperimentRecordError) -> T? {
        guard let value = value(key) else { return nil }
        return try convert(value, { path(of: key) })
    }

    /// A `#[serde(default)]` field that is not an `Option`: absent gives `fallback`, `null` is refused.
    func defaulted<T>(_ key: String, _ fallback: T, _ convert: (JSONValue, () -> String) throws(ExperimentRecordError) -> T) throws(ExperimentRecordError) -> T {
        guard let value = members[key] else { return fallback }
        return try convert(value, { path(of: key) })
    }

    static func string(_ value: JSONValue, _ path: () -> String) throws(ExperimentRecordError) -> String {
        guard case .string(let string) = value else { throw .wrongKind(path(), expected: "a string", found: value) }
        return string
    }

    static func bool(_ value: JSONValue, _ path: () -> String) throws(ExperimentRecordError) -> Bool {
        guard case .bool(let bool) = value else { throw .wrongKind(path(), expected: "a boolean", found: value) }
        return bool
    }

    /// An integer in `range`, as serde reads one: a number written with a fraction or an exponent
    /// (`7.0`, `1e3`) is a float to serde_json, and the SDK drops the record.
    static func integer(_ value: JSONValue, in range: ClosedRange<Int>, type: String, _ path: () -> String) throws(ExperimentRecordError) -> Int {
        switch value {
        case .int(let int) where range.contains(int):
            return int
        case .int(let int):
            throw ExperimentRecordError("field `\(path())` is \(int), out of range for the SDK's \(type) (\(range.lowerBound) to \(range.upperBound))")
        case .double(let double):
            throw ExperimentRecordError("field `\(path())` must be an integer, found the number \(double); the SDK reads it as \(type) and refuses a fraction or an exponent, so write it without `.0`")
        default:
            throw .wrongKind(path(), expected: "an integer", found: value)
        }
    }

    /// serde's `u32`: what bucket counts, `proposedEnrollment` and `proposedDuration` are.
    static func unsigned32(_ value: JSONValue, _ path: () -> String) throws(ExperimentRecordError) -> Int {
        if case .int(let int) = value, int < 0 {
            throw ExperimentRecordError("field `\(path())` cannot be negative (the SDK reads it as u32)")
        }
        return try integer(value, in: 0...Int(UInt32.max), type: "u32", path)
    }

    /// serde's `i32`: what a branch's `ratio` is.
    static func signed32(_ value: JSONValue, _ path: () -> String) throws(ExperimentRecordError) -> Int {
        try integer(value, in: Int(Int32.min)...Int(Int32.max), type: "i32", path)
    }

    static func array(_ value: JSONValue, _ path: () -> String) throws(ExperimentRecordError) -> [JSONValue] {
        guard case .array(let array) = value else { throw .wrongKind(path(), expected: "a list", found: value) }
        return array
    }

    static func stringArray(_ value: JSONValue, _ path: () -> String) throws(ExperimentRecordError) -> [String] {
        var strings: [String] = []
        for (index, element) in try array(value, path).enumerated() {
            strings.append(try string(element, { "\(path())[\(index)]" }))
        }
        return strings
    }

    /// serde's `HashMap<String, String>`.
    static func stringMap(_ value: JSONValue, _ path: () -> String) throws(ExperimentRecordError) -> [String: String] {
        guard case .object(let object) = value else { throw .wrongKind(path(), expected: "an object", found: value) }
        var map: [String: String] = [:]
        for (key, element) in object { map[key] = try string(element, { "\(path()).\(key)" }) }
        return map
    }

    /// An RFC 3339 timestamp as chrono reads a `DateTime<Utc>` (its relaxed RFC 3339:
    /// `T`, `t` or a space between date and time, `Z`, `z` or `±HH:MM` after it).
    static func timestamp(_ value: JSONValue, _ path: () -> String) throws(ExperimentRecordError) -> String {
        let text = try string(value, path)
        guard RFC3339.isValid(text) else {
            throw ExperimentRecordError("field `\(path())` is '\(text)', not an RFC 3339 timestamp (like 2024-01-02T03:04:05Z); the SDK drops a record whose date it cannot read")
        }
        return text
    }
}
