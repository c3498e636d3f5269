import Nimbus

/// Why this client is, or is not, in a record, as one sentence for people: what the menu's
/// Experiments screen and detail pane, `flags experiments` and `flags info` show.
extension NimbusExperiments {
    /// The result of the record `slug`, if the records have one.
    public func result(for slug: String) -> EnrollmentResult? {
        enrollments.first { $0.slug == slug }
    }

    /// The status of `result` in words, saying when its branch was forced by hand.
    public func explanation(of result: EnrollmentResult) -> String {
        let forced = overrides.forcedBranches[result.slug]
        switch result.status {
        case .enrolled(let branch) where forced == branch:
            return "enrolled in branch `\(branch)` (forced; `flags unenroll \(result.slug)` returns to what Nimbus decides)"
        case .notEnrolled(let reason) where forced != nil:
            return "not enrolled: \(reason), although branch `\(forced!)` is forced"
        default:
            return "\(result.status)"
        }
    }
}
