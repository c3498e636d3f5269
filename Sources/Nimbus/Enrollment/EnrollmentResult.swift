/// One record and what happened to it for one client.
///
/// Use the results of `EnrollmentEvaluator.evaluate(records:client:)` to list every record with
/// its status, and hand them to `FeatureResolver` to compute feature values.
///
/// ```swift
/// for result in results { print("\(result.slug): \(result.status)") }
/// ```
public struct EnrollmentResult: Sendable, Hashable {
    public var record: ExperimentRecord
    public var status: EnrollmentStatus

    public init(record: ExperimentRecord, status: EnrollmentStatus) {
        self.record = record
        self.status = status
    }

    public var slug: String { record.slug }
    public var isRollout: Bool { record.isRollout }

    /// The enrolled branch, or nil when not enrolled.
    public var branch: ExperimentRecord.Branch? {
        status.branch.flatMap(record.branch(named:))
    }
}
