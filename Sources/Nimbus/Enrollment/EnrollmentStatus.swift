/// The outcome of evaluating one record for one client.
///
/// Use it to decide which branch's feature values apply (`.enrolled`), or to explain why none do.
///
/// ```swift
/// switch result.status {
/// case .enrolled(let branch): print("in \(branch)")
/// case .notEnrolled(let reason): print("not enrolled: \(reason)")
/// case .error(let message): print(message)
/// }
/// ```
public enum EnrollmentStatus: Sendable, Hashable, CustomStringConvertible {
    case enrolled(branch: String)
    case notEnrolled(NotEnrolledReason)
    /// The record could not be evaluated (for example, its targeting names an undefined
    /// identifier); the message names the record and the cause.
    case error(String)

    /// Whether the client is enrolled (without copying out the branch).
    public var isEnrolled: Bool {
        if case .enrolled = self { true } else { false }
    }

    /// The branch slug when enrolled.
    public var branch: String? {
        if case .enrolled(let branch) = self { branch } else { nil }
    }

    public var description: String {
        switch self {
        case .enrolled(let branch): "enrolled in branch `\(branch)`"
        case .notEnrolled(let reason): "not enrolled: \(reason)"
        case .error(let message): "error: \(message)"
        }
    }
}
