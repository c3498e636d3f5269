import Formats
/// A client's enrollment in one record after an evaluation, kept until the next one, as the
/// Nimbus SDK keeps its enrollments database between runs.
///
/// Use the list `EnrollmentEvolver` returns as the next evaluation's input: it is what makes
/// `is_already_enrolled`, `enrollments`, `active_experiments` and `enrollments_map` mean on the
/// next run what they mean on a device, keeps a client in its branch, disqualifies it when
/// targeting stops matching, and remembers records that ended. `json`/`init(json:)` are its
/// stored form.
///
/// ```swift
/// let kept = StoredEnrollment(slug: "exp-a", isRollout: false, state: .enrolled(branch: "treatment"))
/// kept.json   // {"slug": "exp-a", "rollout": false, "state": "enrolled", "branch": "treatment"}
/// ```
public struct StoredEnrollment: Sendable, Hashable {
    /// The SDK's `EnrollmentStatus`, without its telemetry details.
    public enum State: Sendable, Hashable {
        case enrolled(branch: String)
        /// Was enrolled and left: targeting or bucketing stopped matching, an opt-out, an error.
        case disqualified(branch: String, reason: Disqualification)
        /// Was enrolled (or disqualified) when the record disappeared, at `endedAt` (seconds).
        case wasEnrolled(branch: String, endedAt: Int)
        /// `featureConflict` is kept because the SDK evaluates such a record as new next time.
        case notEnrolled(featureConflict: Bool)
        case error
    }

    public var slug: String
    public var isRollout: Bool
    public var state: State

    public init(slug: String, isRollout: Bool, state: State) {
        self.slug = slug
        self.isRollout = isRollout
        self.state = state
    }

    public var isEnrolled: Bool {
        if case .enrolled = state { true } else { false }
    }

    /// The branch held now or before, when there is one.
    public var branch: String? {
        switch state {
        case .enrolled(let branch), .disqualified(let branch, _), .wasEnrolled(let branch, _): branch
        case .notEnrolled, .error: nil
        }
    }

    public var json: JSONValue {
        var members: [String: JSONValue] = ["slug": .string(slug), "rollout": .bool(isRollout)]
        switch state {
        case .enrolled(let branch):
            members["state"] = .string("enrolled")
            members["branch"] = .string(branch)
        case .disqualified(let branch, let reason):
            members["state"] = .string("disqualified")
            members["branch"] = .string(branch)
            members["reason"] = .string(reason.rawValue)
        case .wasEnrolled(let branch, let endedAt):
            members["state"] = .string("was-enrolled")
            members["branch"] = .string(branch)
            members["endedAt"] = .int(endedAt)
        case .notEnrolled(let featureConflict):
            members["state"] = .string(featureConflict ? "feature-conflict" : "not-enrolled")
        case .error:
            members["state"] = .string("error")
        }
        return .object(members)
    }

    /// Reads `json`; nil for anything else (a store written by a newer version, edited by hand),
    /// which is then treated as never evaluated.
    public init?(json: JSONValue) {
        guard let slug = json["slug"]?.stringValue, let state = json["state"]?.stringValue else { return nil }
        let branch = json["branch"]?.stringValue
        switch (state, branch) {
        case ("enrolled", let branch?): self.state = .enrolled(branch: branch)
        case ("disqualified", let branch?):
            guard let reason = json["reason"]?.stringValue.flatMap(Disqualification.init(rawValue:)) else { return nil }
            self.state = .disqualified(branch: branch, reason: reason)
        case ("was-enrolled", let branch?):
            guard let endedAt = json["endedAt"]?.intValue else { return nil }
            self.state = .wasEnrolled(branch: branch, endedAt: endedAt)
        case ("feature-conflict", _): self.state = .notEnrolled(featureConflict: true)
        case ("not-enrolled", _): self.state = .notEnrolled(featureConflict: false)
        case ("error", _): self.state = .error
        default: return nil
        }
        self.slug = slug
        isRollout = json["rollout"]?.boolValue ?? false
    }
}
