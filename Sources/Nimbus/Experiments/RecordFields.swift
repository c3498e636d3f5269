/// Typed access to the members of one JSON object in a record, producing errors that name the
/// member by its full path (`branches[1].ratio`). A member set to `null` counts as absent,
/// because Experimenter writes `"endDate": null` for dates it has not set.
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

    func value(_ key: String) -> JSONValue? {
        guard let value = members[key], value != .null else { return nil }
        return value
    }

    /// A member's path is made only for an error message: building one for every member read
    /// was a fifth of the cost of reading a record.
    func required<T>(_ key: String, _ convert: (JSONValue, () -> String) throws(ExperimentRecordError) -> T) throws(ExperimentRecordError) -> T {
        guard let value = value(key) else { throw .missing(path(of: key)) }
        return try convert(value, { path(of: key) })
    }

    func optional<T>(_ key: String, _ convert: (JSONValue, () -> String) throws(ExperimentRecordError) -> T) throws(ExperimentRecordError) -> T? {
        guard let value = value(key) else { return nil }
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

    /// A whole number; `3.0` is accepted since JSON does not tell `3` and `3.0` apart.
    static func integer(_ value: JSONValue, _ path: () -> String) throws(ExperimentRecordError) -> Int {
        switch value {
        case .int(let int):
            return int
        // Checked by converting back rather than with `rounded()`/`Int(exactly:)`, which call
        // into libm on Linux, and this module links no Foundation.
        case .double(let double) where double > -9.0e18 && double < 9.0e18 && Double(Int(double)) == double:
            return Int(double)
        default:
            throw .wrongKind(path(), expected: "an integer", found: value)
        }
    }

    static func nonNegativeInteger(_ value: JSONValue, _ path: () -> String) throws(ExperimentRecordError) -> Int {
        let int = try integer(value, path)
        guard int >= 0 else { throw ExperimentRecordError("field `\(path())` cannot be negative") }
        return int
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
}
