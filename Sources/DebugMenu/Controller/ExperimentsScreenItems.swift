#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags
import Formats
import Nimbus

/// What the Experiments screen and the Experiments section of the rows show, made from an
/// evaluation (`NimbusExperiments`): one item or row per record, skipped records last.
///
/// A forced record is shown as it was published, not as the evaluation rewrote it to force its
/// branch (every ratio but the forced one 0, targeting `true`): people want its real ratios,
/// targeting and bucketing. Texts are left as the records have them; the screen layer makes
/// them safe for the terminal (`ScreenLayout.line` sanitises every segment it draws).
///
/// ```swift
/// let items = ExperimentsScreenItems.items(of: environment.experiments,
///                                          storedForcedBranches: NimbusOverrideStore(prefs: prefs).overrides.forcedBranches)
/// ```
enum ExperimentsScreenItems {
    /// Every record with its status, reason, branches and JSON.
    ///
    /// - Parameter storedForcedBranches: the store's forced branches, honored or not, so a
    ///   release preview still says which branch is forced (and that it is ignored there).
    static func items(of experiments: NimbusExperiments, storedForcedBranches: [String: String]) -> [ExperimentsScreen.Item] {
        var items = experiments.enrollments.map { item(for: $0, in: experiments, storedForcedBranches: storedForcedBranches) }
        items += experiments.skipped.map { skipped in
            ExperimentsScreen.Item(slug: skipped.name, kind: .skipped, status: .skipped,
                                   reason: "skipped, the client ignores it: \(skipped.reason)")
        }
        return items
    }

    static func item(for result: EnrollmentResult, in experiments: NimbusExperiments,
                     storedForcedBranches: [String: String]) -> ExperimentsScreen.Item {
        let record = experiments.recordsBeforeForcing[result.slug] ?? result.record
        let honored = experiments.overrides.forcedBranches[result.slug]
        let stored = storedForcedBranches[result.slug]
        var reason = experiments.explanation(of: result)
        if let stored, honored == nil {
            reason += "; branch `\(stored)` is forced in the store, but a \(experiments.client.channel) build ignores forced branches"
        }
        let total = record.branches.reduce(0) { $0 + $1.ratio }
        let branches = record.branches.map { branch in
            ExperimentsScreen.Branch(
                slug: branch.slug, ratio: branch.ratio,
                percent: total > 0 ? (branch.ratio * 100 + total / 2) / total : 0,
                features: branch.features.map { .init(featureId: $0.featureId, json: JSONValue.object($0.value).compactText) },
                isEnrolled: result.status.branch == branch.slug, isForced: stored == branch.slug)
        }
        return ExperimentsScreen.Item(
            slug: result.slug, kind: result.isRollout ? .rollout : .experiment, status: status(of: result, forced: honored),
            forcedBranch: stored, reason: reason, branches: branches,
            recordLines: record.json.prettyText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    static func status(of result: EnrollmentResult, forced: String?) -> ExperimentsScreen.Item.Status {
        switch result.status {
        case .enrolled(let branch): forced == branch ? .forced(branch: branch) : .enrolled(branch: branch)
        case .notEnrolled: .notEnrolled
        case .error: .error
        }
    }

    /// The read-only rows of the Experiments section, made when read (a large app has a thousand
    /// records, and every rebuild of the rows would make them all): one per record, then one per
    /// skipped record.
    static func rows(of experiments: NimbusExperiments, separator: String) -> MenuRows.Segment {
        let enrollments = experiments.enrollments, skipped = experiments.skipped
        return .made(
            count: enrollments.count + skipped.count, section: .experiments,
            row: { position in
                position < enrollments.count ? row(for: enrollments[position], in: experiments, separator: separator)
                    : row(for: skipped[position - enrollments.count], separator: separator)
            },
            index: { id in
                guard case .experiment(let slug)? = MenuRowID(rawValue: id) else { return nil }
                return enrollments.firstIndex { $0.slug == slug } ?? skipped.firstIndex { $0.name == slug }.map { enrollments.count + $0 }
            })
    }

    /// A record's row: its slug, its name, its kind and this client's status, with the short
    /// reason when not enrolled (so `/paused` finds the paused ones).
    static func row(for result: EnrollmentResult, in experiments: NimbusExperiments, separator: String) -> MenuRow {
        let forced = experiments.overrides.forcedBranches[result.slug]
        let status: String
        switch result.status {
        case .enrolled(let branch): status = forced == branch ? "forced: \(branch)" : "enrolled in \(branch)"
        case .notEnrolled(let why): status = "not enrolled: \(why)"
        case .error: status = "error"
        }
        return MenuRow(id: MenuRowID.experiment(result.slug).rawValue, section: .experiments,
                       kind: .readOnly(valueText: (result.isRollout ? "rollout" : "experiment") + separator + status),
                       title: result.slug, statusText: result.record.userFacingName)
    }

    static func row(for skipped: SkippedRecord, separator: String) -> MenuRow {
        MenuRow(id: MenuRowID.experiment(skipped.name).rawValue, section: .experiments,
                kind: .readOnly(valueText: "skipped\(separator)\(skipped.reason)"), title: skipped.name)
    }
}
#endif
