import Formats
/// Why one experiment record cannot be used, naming the field at fault.
///
/// Use it where a record is read on its own; `ExperimentRecordSet` turns it into a
/// `SkippedRecord` so one bad record never stops the others from applying.
///
/// ```swift
/// do { _ = try ExperimentRecord(json: .object([:])) }
/// catch { print(error) }  // missing required field `schemaVersion`
/// ```
public struct ExperimentRecordError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reason in plain words, with the field's path in backticks.
    public var reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }

    static func missing(_ path: String) -> Self { Self("missing required field `\(path)`") }

    static func wrongKind(_ path: String, expected: String, found: JSONValue) -> Self {
        // An empty path is the record (or envelope) itself, which has no field name.
        path.isEmpty
            ? Self("expected \(expected), found \(found.kindName)")
            : Self("field `\(path)` must be \(expected), found \(found.kindName)")
    }
}
