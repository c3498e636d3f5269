import DebugMenu

/// Experiments screen items shared by the DebugMenu tests: the demo's five kinds of record
/// (a rollout, a 50/50 experiment, a targeted rollout, another channel's, a paused one) and a
/// record that could not be read.
enum ExperimentsFixtures {
    static func branch(_ slug: String, enrolled: Bool = false, forced: Bool = false, features: [(String, String)] = []) -> ExperimentsScreen.Branch {
        ExperimentsScreen.Branch(slug: slug, ratio: 1, percent: 50,
                                 features: features.map { .init(featureId: $0.0, json: $0.1) },
                                 isEnrolled: enrolled, isForced: forced)
    }

    static let items: [ExperimentsScreen.Item] = [
        .init(slug: "dark-kitchen-rollout", kind: .rollout, status: .enrolled(branch: "rollout"),
              reason: "enrolled in branch `rollout`", branches: [branch("rollout", enrolled: true)],
              recordLines: ["{", "  \"slug\": \"dark-kitchen-rollout\"", "}"]),
        .init(slug: "new-menu-test", kind: .experiment, status: .enrolled(branch: "treatment"),
              reason: "enrolled in branch `treatment`",
              branches: [branch("control", features: [("bibimbap-feature", #"{"enabled":false}"#)]),
                         branch("treatment", enrolled: true, features: [("bibimbap-feature", #"{"enabled":true,"spice-level":3}"#)])],
              recordLines: ["{"] + (1 ... 60).map { "  \"line\($0)\": \($0)," } + ["}"]),
        .init(slug: "korean-tip-jar", kind: .rollout, status: .notEnrolled, reason: "not enrolled: targeting did not match",
              branches: [branch("rollout")], recordLines: ["{}"]),
        .init(slug: "loyalty-card-beta", kind: .experiment, status: .notEnrolled, reason: "not enrolled: for another channel",
              branches: [branch("on")], recordLines: ["{}"]),
        .init(slug: "reviews-redesign", kind: .experiment, status: .notEnrolled, forcedBranch: "hidden",
              reason: "not enrolled: enrollment is paused, although branch `hidden` is forced",
              branches: [branch("control"), branch("hidden", forced: true)], recordLines: ["{}"]),
        .init(slug: "record #5", kind: .skipped, status: .skipped, reason: "skipped, the client ignores it: missing required field `branches`"),
    ]

    static var screen: ExperimentsScreen { ExperimentsScreen(items: items) }
}
