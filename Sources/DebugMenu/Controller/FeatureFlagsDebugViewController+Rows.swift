#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeatureFlags
import Prefs


/// Keeping the screen's rows in step with the store: made all at once as pending shells, filled
/// in when read, replaced one by one when their keys change. `MenuRowFactory` makes each row.
extension FeatureFlagsDebugViewController {
    /// Makes every row again, in section order: the two rows of each flag are made when first
    /// read (drawn, selected, searched), as pending shells; the few others are made whole.
    /// The distribution whose build flags the menu shows: the one matching the channel previewed
    /// with `c` (developer → debug, beta → testflight, release → appstore); for this build's own
    /// channel that is `Distribution.current`, which the compile-time checks keep in step.
    var previewedDistribution: Distribution { Distribution(channel: previewed.buildChannel) }

    /// `searchTexts` (what the source column of each flag says, in registry order, from one
    /// read of the store) lets the pending rows carry it, so the filter finds `override` or an
    /// experiment's slug without working out every row in full.
    func rebuildAllRows(searchTexts: [(source: String, value: String)]? = nil) {
        let registry = environment.registry
        settingByFlag = [:]  // switches read from `previewed`, which may have changed
        let debuggable = registry.debuggableFlagIndices
        let preferenceFlags = registry.userPreferenceFlagIndices.map { registry.flags[$0] }
            .sorted { (MenuRowFactory.title(of: $0).lowercased(), $0.rawValue) < (MenuRowFactory.title(of: $1).lowercased(), $1.rawValue) }
        var preferenceRows = preferenceFlags.compactMap { makeRow(.userPreference($0.rawValue)) }
        preferenceRows += registry.preferences.compactMap { makeRow(.typedPreference($0.id)) }
        // The app's build flags (the registry's `build-flags:`; Firefox's CoreBuildFlags are its example's).
        let buildFlagRows = registry.buildFlags.compactMap { makeRow(.buildFlag($0.name)) }

        // The made rows read only values fixed now (the store's overrides as last read): a row
        // whose override changes later is replaced, whole, by `refreshRow`.
        let overridden = previewed.provider.honorsOverrides ? overrideCounts.overriddenFlagIDs : []
        let layout = RowLayout(debuggable: debuggable, flagCount: registry.flags.count)
        let switches = MenuRows.Segment.made(
            count: debuggable.count, section: .featureFlags,
            row: { position in
                let flag = registry.flags[debuggable[position]]
                return MenuRowFactory.pendingFeatureFlagRow(flag, isOverridden: overridden.contains(flag.rawValue),
                                                            sourceText: searchTexts?[debuggable[position]].source ?? "")
            },
            index: { id in
                guard case .featureFlag(let flagID)? = MenuRowID(rawValue: id) else { return nil }
                return registry.index(ofFlag: flagID).flatMap(layout.featureFlagRow(ofFlagAt:))
            })
        let statuses = MenuRows.Segment.made(
            count: registry.flags.count, section: .buildOnlyStatus,
            row: { MenuRowFactory.pendingBuildStatusRow(registry.flags[$0], valueText: searchTexts?[$0].value ?? "") },
            index: { id in
                guard case .buildStatus(let flagID)? = MenuRowID(rawValue: id) else { return nil }
                return registry.index(ofFlag: flagID)
            })
        pendingRows.reset(layout: layout, count: debuggable.count + registry.flags.count, hasSearchTexts: searchTexts != nil)
        screen.update(rows: MenuRows(segments: [switches, .listed(preferenceRows), statuses, .listed(buildFlagRows), experimentRows]))
        // A new evaluation (a force, a fetch, another channel previewed) changes the open screen too.
        refreshExperimentsScreen()
    }

    func refreshRow(_ id: MenuRowID) {
        guard let index = screen.rows.index(ofID: id.rawValue), let row = makeRow(id), screen.rows[index] != row else { return }
        replaceRow(at: index, with: row)
    }

    /// Rewrites the age of every override when a minute has passed.
    func refreshAges() {
        let minute = Int(clock() / 60)
        guard minute != ageMinute else { return }
        ageMinute = minute
        for id in overrideCounts.overriddenFlagIDs { refreshRow(.featureFlag(id)) }
    }

    /// Counts the overrides of the store as last shown.
    func countOverrides() {
        overrideCounts = OverrideCounts(snapshot: shownStore.snapshot, registry: environment.registry)
        screen.setNimbusOverrideCount(overrideCounts.nimbusOverrides)
    }

    /// The row `id` as things stand; `states` (from one read of the store) saves a read per flag
    /// when every row is made at once.
    func makeRow(_ id: MenuRowID, states: [String: FeatureFlagState] = [:]) -> MenuRow? {
        func state(of flag: FeatureFlagID) -> FeatureFlagState { states[flag.rawValue] ?? previewed.provider.state(of: flag) }
        let factory = MenuRowFactory(previewed: previewed, separator: separator, now: clock)
        switch id {
        case .featureFlag(let flagID):
            return setting(forFlagID: flagID).map { factory.featureFlagRow($0, state: state(of: $0.featureFlagID)) }
        case .userPreference(let flagID):
            return environment.registry.flagIfPresent(flagID).map(factory.userPreferenceRow)
        case .typedPreference(let preferenceID):
            return environment.registry.preferences.first { $0.id == preferenceID }.map(factory.typedPreferenceRow)
        case .buildStatus(let flagID):
            return environment.registry.flagIfPresent(flagID).map { factory.buildStatusRow($0, state: state(of: $0)) }
        case .buildFlag(let name):
            return environment.registry.buildFlags.first { $0.name == name }.map { MenuRowFactory.buildFlagRow($0, in: previewedDistribution) }
        case .experiment(let slug):
            let experiments = previewed.experiments
            if let result = experiments.result(for: slug) { return ExperimentsScreenItems.row(for: result, in: experiments, separator: separator) }
            return experiments.skipped.first { $0.name == slug }.map { ExperimentsScreenItems.row(for: $0, separator: separator) }
        }
    }
}
#endif
