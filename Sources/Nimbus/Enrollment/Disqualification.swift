/// Why a client that was enrolled in a record left it, as the SDK's `DisqualifiedReason` says.
///
/// Use it to explain to QA why a client is out of a record it was in (`flags experiments`
/// shows `disqualified (targeting no longer matches)`).
///
/// ```swift
/// Disqualification.notTargeted.description   // "targeting no longer matches"
/// ```
public enum Disqualification: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Targeting (or the app name or channel) stopped matching.
    case notTargeted = "not-targeted"
    /// The bucket range changed and no longer holds the client.
    case notSelected = "not-selected"
    /// The user opted out of experiments (or of rollouts, for a rollout).
    case optedOut = "opted-out"
    /// The enrolled branch was removed, or targeting failed to evaluate.
    case error

    public var description: String {
        switch self {
        case .notTargeted: "targeting no longer matches"
        case .notSelected: "the bucket range no longer holds this client"
        case .optedOut: "the user opted out"
        case .error: "its branch was removed or its targeting failed"
        }
    }
}
