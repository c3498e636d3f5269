import Formats
/// What a developer or QA forced on this client for debugging: a branch per experiment slug
/// (`flags enroll`) and variables per feature (`flags feature set`). Plain data: the app's
/// store keeps it (`NimbusOverrideStore`), and only developer and beta builds hand it to an
/// evaluation; a release build evaluates with `.none`.
///
/// A forced branch is applied as `nimbus-cli enroll` arranges it: the record is rewritten to
/// target everyone on the client's channel, unpaused, with the whole bucket range and every
/// other branch's ratio at 0 (`ExperimentRecord.forcing(branch:for:)`), then the SDK's rules
/// decide as for any record, so a feature another enrollment already holds is a feature
/// conflict. Feature values are the top layer of a feature, over the experiment's branch, each
/// variable checked against the manifest's type like any branch value.
///
/// ```swift
/// let overrides = NimbusDebugOverrides(forcedBranches: ["new-menu-test": "treatment"],
///                                      featureValues: ["bibimbap-feature": ["spice-level": .int(5)]])
/// let (records, problems) = overrides.applyForcedBranches(to: set.records, for: client)
/// ```
public struct NimbusDebugOverrides: Sendable, Hashable {
    /// Branch slug by experiment (or rollout) slug.
    public var forcedBranches: [String: String]
    /// Variable values by feature id, then variable name.
    public var featureValues: [String: [String: JSONValue]]

    public init(forcedBranches: [String: String] = [:], featureValues: [String: [String: JSONValue]] = [:]) {
        self.forcedBranches = forcedBranches
        self.featureValues = featureValues
    }

    /// No overrides: what a release build, or a preview of a release channel, evaluates with.
    public static let none = NimbusDebugOverrides()

    public var isEmpty: Bool { forcedBranches.isEmpty && featureValues.isEmpty }

    /// How many feature overrides there are, one per variable set by hand: what every count of
    /// feature overrides shows (the menu's header, `reset --all`, a saved state's summary).
    public var featureOverrideCount: Int { featureValues.values.reduce(0) { $0 + $1.count } }

    /// `records` with each forced record rewritten to enroll this client in its forced branch, and
    /// a sentence for each forced slug that cannot apply (no such branch now, another app's
    /// record, no such record). A forced slug with no record stays stored and applies when the
    /// record is back (after a fetch, say).
    public func applyForcedBranches(to records: [ExperimentRecord], for client: NimbusClient)
        -> (records: [ExperimentRecord], problems: [String]) {
        guard !forcedBranches.isEmpty else { return (records, []) }
        var problems: [String] = []
        var found: Set<String> = []
        var parses: [String: Result<JEXLExpression, JEXLError>] = [:]
        let rewritten = records.map { record -> ExperimentRecord in
            guard let branch = forcedBranches[record.slug] else { return record }
            found.insert(record.slug)
            do {
                return try record.forcing(branch: branch, for: client, parses: &parses)
            } catch {
                problems.append("\(error)")
                return record
            }
        }
        for (slug, branch) in forcedBranches.sorted(by: { $0.key < $1.key }) where !found.contains(slug) {
            problems.append("the records have no `\(slug)` now; its forced branch `\(branch)` applies when it is back")
        }
        return (rewritten, problems)
    }

    /// The enrollments to start an evaluation from: a forced record is evaluated as new, so its
    /// forced branch applies whatever the client was enrolled in before.
    public func withoutForced(_ enrollments: [StoredEnrollment]) -> [StoredEnrollment] {
        forcedBranches.isEmpty ? enrollments : enrollments.filter { forcedBranches[$0.slug] == nil }
    }

    /// The enrollments to keep after an evaluation: a forced record's enrollment is never kept,
    /// its enrollment from before stays as it was (`earlier`), so a release build on the same
    /// store, or this one once the branch is no longer forced, decides it as if never forced.
    public func keeping(_ evolved: [StoredEnrollment], earlier: [StoredEnrollment]) -> [StoredEnrollment] {
        guard !forcedBranches.isEmpty else { return evolved }
        // Both lists are in slug order (the evolver's and the store's): merged, not sorted again.
        let natural = evolved.filter { forcedBranches[$0.slug] == nil }
        let kept = earlier.filter { forcedBranches[$0.slug] != nil }
        guard !kept.isEmpty else { return natural }
        var merged: [StoredEnrollment] = []
        merged.reserveCapacity(natural.count + kept.count)
        var next = kept.startIndex
        for entry in natural {
            while next < kept.endIndex, kept[next].slug < entry.slug {
                merged.append(kept[next])
                next += 1
            }
            merged.append(entry)
        }
        merged.append(contentsOf: kept[next...])
        return merged
    }
}
