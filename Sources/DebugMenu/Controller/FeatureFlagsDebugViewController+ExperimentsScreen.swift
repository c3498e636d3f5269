#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags

/// The Experiments screen (`e`) and the Experiments section of the rows: every record of the
/// previewed evaluation with this client's status and why, its branches, forcing one.
///
/// A forced branch is a debug override in the store (`NimbusOverrideStore`), so forcing is one
/// write like a toggle: `reloadView()` sees the key change, evaluates the experiments again and
/// rebuilds the rows, which refreshes the open screen too; `u` undoes it from the store's history.
extension FeatureFlagsDebugViewController {
    /// The open screen's items and problems, from the previewed evaluation.
    private var experimentsScreenContent: (items: [ExperimentsScreen.Item], problems: [String]) {
        let stored = NimbusOverrideStore(prefs: environment.prefs).overrides.forcedBranches
        return (ExperimentsScreenItems.items(of: previewed.experiments, storedForcedBranches: stored),
                previewed.experiments.overrideProblems)
    }

    /// Opens the screen, on the record `slug` when given.
    func showExperiments(selecting slug: String?) {
        let content = experimentsScreenContent
        screen.showExperiments(ExperimentsScreen(items: content.items, problems: content.problems, selecting: slug))
    }

    /// Gives the open screen the records of the current evaluation (after a force, an undo, a
    /// change made by another process, a fetch); nothing when it is closed.
    func refreshExperimentsScreen() {
        guard screen.experimentsScreen != nil else { return }
        let content = experimentsScreenContent
        screen.replaceExperimentsItems(content.items, problems: content.problems)
    }

    /// The rows of the Experiments section, for `rebuildAllRows`.
    var experimentRows: MenuRows.Segment {
        ExperimentsScreenItems.rows(of: previewed.experiments, separator: separator)
    }

    /// Forces `branch` of `slug` and says what the evaluation made of it: enrolled, or why not
    /// (another experiment already holds the feature, the record is for another app).
    func forceBranch(_ branch: String, of slug: String) throws {
        // As a release build would: it never reads forced branches, so there is nothing to preview.
        guard previewed.provider.honorsOverrides else {
            screen.show(message: "Not forced: a \(previewChannel) build ignores forced branches, like every debug override; c previews another channel.")
            return
        }
        try NimbusOverrideStore(prefs: environment.prefs).forceBranch(branch, of: slug)
        reloadView()
        let experiments = previewed.experiments
        if let problem = experiments.overrideProblems.first(where: { $0.contains("`\(slug)`") }) {
            screen.show(message: "Forced \(slug)/\(branch), but it cannot apply: \(problem).")
        } else if let result = experiments.result(for: slug), result.status.branch == branch {
            screen.show(message: "Forced \(slug)/\(branch): enrolled.")
        } else if let result = experiments.result(for: slug) {
            screen.show(message: "Forced \(slug)/\(branch), but \(experiments.explanation(of: result)).")
        } else {
            screen.show(message: "Forced \(slug)/\(branch).")
        }
    }

    /// Removes the forced branch of `slug`; the record is then evaluated as Nimbus decides.
    func removeForcedBranch(of slug: String) throws {
        let removed = try NimbusOverrideStore(prefs: environment.prefs).removeForcedBranches([slug])
        guard !removed.isEmpty else {
            screen.show(message: "\(slug) has no forced branch.")
            return
        }
        reloadView()
        let experiments = previewed.experiments
        let now = experiments.result(for: slug).map { "now \(experiments.explanation(of: $0))" } ?? "the records no longer have it"
        screen.show(message: "Removed the forced branch of \(slug): \(now).")
    }
}
#endif
