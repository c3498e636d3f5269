/// A record that was left out of an `ExperimentRecordSet`, and why.
///
/// Use it to show QA which records the client ignored; the other records still apply.
///
/// ```swift
/// for skipped in set.skipped { print("\(skipped.name): \(skipped.reason)") }
/// // record #2: missing required field `bucketConfig`
/// ```
public struct SkippedRecord: Sendable, Hashable, CustomStringConvertible {
    /// The record's slug when it has a readable one, else `record #<index>`.
    public var name: String
    /// Position in the `data` list, counted from 0.
    public var index: Int
    /// Why it was skipped, naming the field at fault.
    public var reason: String

    public init(name: String, index: Int, reason: String) {
        self.name = name
        self.index = index
        self.reason = reason
    }

    public var description: String { "\(name): \(reason)" }
}
