import Nimbus
import Platform

/// Why this client is, or is not, in a record, as one sentence for people: what the menu's
/// Experiments screen and detail pane, `flags experiments` and `flags info` show.
extension NimbusExperiments {
    /// The result of the record `slug`, if the records have one.
    public func result(for slug: String) -> EnrollmentResult? {
        enrollments.first { $0.slug == slug }
    }

    /// What works out the reasons: this evaluation's client, transforms and results.
    public var explainer: EnrollmentExplainer {
        EnrollmentExplainer(client: client, transforms: transforms, results: enrollments)
    }

    /// The status of `result` in words, with the facts that decided it (the part of the targeting
    /// that failed, the client's bucket, the record holding the feature), saying when its branch
    /// was forced by hand.
    public func explanation(of result: EnrollmentResult) -> String {
        explanation(of: result, by: explainer)
    }

    /// `explanation(of:)` with an explainer made once, for explaining every record
    /// (`explainer.indexingFeatureHolders()`: finding the holder of a feature is then a lookup).
    /// It is one line: a slug, branch or feature id from the records that holds a line break
    /// cannot start a line of the report it is put in.
    public func explanation(of result: EnrollmentResult, by explainer: EnrollmentExplainer) -> String {
        TerminalSafeText.sanitized(sentence(of: result, by: explainer))
    }

    private func sentence(of result: EnrollmentResult, by explainer: EnrollmentExplainer) -> String {
        let forced = overrides.forcedBranches[result.slug]
        switch result.status {
        case .enrolled(let branch) where forced == branch:
            return "enrolled in branch `\(branch)` (forced; `flags unenroll \(result.slug)` returns to what Nimbus decides)"
        case .notEnrolled where forced != nil:
            return "not enrolled: \(explainer.reason(of: result) ?? ""), although branch `\(forced!)` is forced"
        default:
            return explainer.explanation(of: result)
        }
    }

    /// Why the client is not in `result`'s record, without the leading "not enrolled: "; nil
    /// when it is enrolled or the record failed to evaluate.
    public func reason(of result: EnrollmentResult) -> String? {
        explainer.reason(of: result).map { TerminalSafeText.sanitized($0) }
    }
}
