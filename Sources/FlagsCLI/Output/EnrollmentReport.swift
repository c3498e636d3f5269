#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags
import Formats
import Nimbus

/// What `flags experiments` says about one record: its status for this client, in words and JSON.
///
/// ```swift
/// EnrollmentReport(result, in: experiments).statusName   // "enrolled", "not-enrolled", "error"
/// ```
struct EnrollmentReport {
    let result: EnrollmentResult
    /// Where jexl-rs, as a device runs it, reads this record's targeting differently from what
    /// its author probably meant, for this client's context and transforms.
    let warnings: [String]
    private let experiments: NimbusExperiments
    private let explainer: EnrollmentExplainer?

    /// - Parameter explainer: `experiments.explainer`, made once for all the records whose
    ///   explanation is shown (without one, each explanation makes its own).
    init(_ result: EnrollmentResult, in experiments: NimbusExperiments, explainer: EnrollmentExplainer? = nil) {
        self.result = result
        self.experiments = experiments
        self.explainer = explainer
        warnings = result.record.targetingExpression.map {
            JEXLDiagnostics.warnings(of: $0, in: experiments.client.context, transforms: experiments.transforms)
        } ?? []
    }

    var statusName: String {
        switch result.status {
        case .enrolled: "enrolled"
        case .notEnrolled: "not-enrolled"
        case .error: "error"
        }
    }

    /// A stable machine name for why the client is not enrolled.
    var reasonName: String? {
        guard case .notEnrolled(let reason) = result.status else { return nil }
        return switch reason {
        case .optedOut: "opted-out"
        case .paused: "paused"
        case .otherApp: "other-app"
        case .otherChannel: "other-channel"
        case .notTargeted: "not-targeted"
        case .notSelected: "not-selected"
        case .featureConflict: "feature-conflict"
        case .firefoxLabsOptIn: "firefox-labs"
        case .disqualified: "disqualified"
        case .endedBefore: "ended-before"
        }
    }

    /// The status as a sentence with the facts behind it (`NimbusExperiments.explanation(of:)`).
    var explanation: String {
        experiments.explanation(of: result, by: explainer ?? experiments.explainer)
    }

    private static let notEnrolledPrefix = "not enrolled: "

    /// The branch forced for this record (`flags enroll`) that this evaluation applied, if any;
    /// nil in a release build or preview, which ignores forced branches.
    var forcedBranch: String? { experiments.overrides.forcedBranches[result.slug] }

    /// The table's BRANCH / REASON cell: the branch (marked when forced, as the menu marks it),
    /// or why not with its facts, or the error.
    var detail: String {
        switch result.status {
        case .enrolled(let branch): return "branch \(branch)" + (forcedBranch == branch ? " (forced)" : "")
        case .notEnrolled:
            let explanation = explanation
            return explanation.hasPrefix(Self.notEnrolledPrefix) ? String(explanation.dropFirst(Self.notEnrolledPrefix.count)) : explanation
        case .error(let message): return message
        }
    }

    /// `warning: <slug>: <sentence>`, one per warning.
    var warningLines: [String] {
        warnings.map { "warning: \(result.slug): \($0)" }
    }

    var json: JSONValue {
        var message = JSONValue.null
        if case .error(let text) = result.status { message = .string(text) }
        return .object([
            "slug": .string(result.slug),
            "type": .string(result.isRollout ? "rollout" : "experiment"),
            "status": .string(statusName),
            "branch": result.status.branch.map(JSONValue.string) ?? .null,
            "forced": .bool(forcedBranch != nil),
            "forcedBranch": forcedBranch.map(JSONValue.string) ?? .null,
            "reason": reasonName.map(JSONValue.string) ?? .null,
            "explanation": .string(explanation),
            "error": message,
            "features": .array(result.record.featureIds.sorted().map(JSONValue.string)),
            "warnings": .array(warnings.map(JSONValue.string)),
        ])
    }
}
#endif
