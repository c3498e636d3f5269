/// Why a client is not enrolled in a record, in the order the checks run.
///
/// Use it to explain a result to QA (`description` is a plain sentence).
///
/// ```swift
/// if case .notEnrolled(let reason) = result.status { print(reason) }  // targeting did not match
/// ```
public enum NotEnrolledReason: Sendable, Hashable, CustomStringConvertible {
    /// The user opted out of experiments (or of rollouts, for a rollout).
    case optedOut
    /// The record has `isEnrollmentPaused: true`.
    case paused
    /// The record is for another `appName`.
    case otherApp
    /// The record is for another channel.
    case otherChannel
    /// The targeting expression is false for this client.
    case notTargeted
    /// The client's id hashes outside the record's bucket range.
    case notSelected
    /// An earlier record of the same kind (experiment or rollout) already holds one of its features.
    case featureConflict
    /// A Firefox Labs opt-in (`isFirefoxLabsOptIn`): the SDK enrolls a client only when the user
    /// opts in, never by evaluating it.
    case firefoxLabsOptIn
    /// The client was enrolled at an earlier evaluation and left (`StoredEnrollment`).
    case disqualified(Disqualification)
    /// The client was in this experiment before it ended; the SDK does not enroll it again when
    /// the record comes back, until it has forgotten that enrollment (one evaluation later).
    case endedBefore

    public var description: String {
        switch self {
        case .optedOut: "opted out"
        case .paused: "enrollment is paused"
        case .otherApp: "for another app"
        case .otherChannel: "for another channel"
        case .notTargeted: "targeting did not match"
        case .notSelected: "not in the sampled buckets"
        case .featureConflict: "another record already holds one of its features"
        case .firefoxLabsOptIn: "a Firefox Labs opt-in: enrolled only when the user opts in"
        case .disqualified(let reason): "disqualified: \(reason)"
        case .endedBefore: "this client was in it before it ended"
        }
    }
}
