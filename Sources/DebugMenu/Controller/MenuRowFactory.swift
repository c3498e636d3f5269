#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags

/// Makes the debug menu's rows from the app's flags as a channel shows them: a flag's switch and
/// its build-only status, the user preferences, the build flags, and the pending shells a large
/// app's menu starts with.
///
/// Use it from `FeatureFlagsDebugViewController`, which knows which row to make and when; a
/// factory holds only what row texts need, so making one costs nothing.
///
/// ```swift
/// let factory = MenuRowFactory(previewed: environment, separator: " · ", now: { Date().timeIntervalSince1970 })
/// let row = factory.userPreferenceRow(try environment.registry.flag("spicyMode"))
/// ```
struct MenuRowFactory {
    /// The app's flags, resolved for the previewed channel.
    let previewed: FlagsEnvironment
    /// Joins facts in a row's text (" · ").
    let separator: String
    /// Seconds since 1970, for the age of overrides.
    let now: () -> Double

    /// A flag's row: its switch shows `state.enabled`, what `setting.isOn` reads from the same
    /// provider (taken from `state` so the store is read once for all rows).
    func featureFlagRow(_ setting: FeatureFlagsBoolSetting, state: FeatureFlagState) -> MenuRow {
        let flag = setting.featureFlagID
        let nimbusText = "\(state.nimbus.source.summary) \(MenuText.onOff(state.nimbus.enabled))"
        let kind: MenuRow.Kind
        if state.source == .override {
            let age = state.overrideSetAt.map { separator + OverrideAge.text(setAt: $0, now: now()) } ?? ""
            kind = .toggle(isOn: state.enabled, isOverridden: true, sourceText: "override" + age, hiddenValueText: nimbusText)
        } else if let inactive = state.override {
            kind = .toggle(isOn: state.enabled, isOverridden: false, sourceText: state.source.summary,
                           hiddenValueText: "override \(MenuText.onOff(inactive)) inactive")
        } else {
            kind = .toggle(isOn: state.enabled, isOverridden: false, sourceText: state.source.summary, hiddenValueText: nil)
        }
        return MenuRow(id: MenuRowID.featureFlag(flag.rawValue).rawValue, section: .featureFlags, kind: kind,
                       title: setting.titleText, statusText: setting.statusText)
    }

    func userPreferenceRow(_ flag: FeatureFlagID) -> MenuRow {
        let preferences = previewed.preferences
        let source: String
        if preferences.storedPreference(for: flag) != nil {
            source = "user choice"
        } else if flag.definition.fallback != nil {
            source = "default"
        } else {
            source = previewed.nimbusLayer.explainNimbusValue(for: flag).source.summary
        }
        return MenuRow(id: MenuRowID.userPreference(flag.rawValue).rawValue, section: .userPreferences,
                       kind: .toggle(isOn: preferences.getPreferenceFor(flag), isOverridden: false, sourceText: source,
                                     hiddenValueText: nil),
                       title: Self.title(of: flag), statusText: "user preference \(flag.userPrefsKey ?? "")")
    }

    func typedPreferenceRow(_ preference: TypedPreference) -> MenuRow {
        let preferences = previewed.preferences
        let value = preferences.getPreferenceFor(preference)
        let stored = preferences.storedPreference(for: preference) != nil
        return MenuRow(id: MenuRowID.typedPreference(preference.id).rawValue, section: .userPreferences,
                       kind: .choice(value: value + (stored ? " (user choice)" : ""), variants: preference.variants),
                       title: preference.id,
                       statusText: "\(preference.enumName): \(preference.variants.joined(separator: ", "))")
    }

    func buildStatusRow(_ flag: FeatureFlagID, state: FeatureFlagState) -> MenuRow {
        var value = "\(MenuText.onOff(state.enabled))\(separator)\(state.source.summary)"
        if let inactive = state.override, state.source != .override {
            value += " (override \(MenuText.onOff(inactive)) inactive)"
        }
        return MenuRow(id: MenuRowID.buildStatus(flag.rawValue).rawValue, section: .buildOnlyStatus,
                       kind: .readOnly(valueText: value), title: flag.rawValue, statusText: Self.buildStatusText(flag))
    }

    static func buildStatusText(_ flag: FeatureFlagID) -> String {
        flag.definition.debug?.title ?? (flag.isNimbusConfigured ? "no debug row" : "not Nimbus-configured")
    }

    /// A compile-time build flag, read-only.
    /// An app's build flag: its value in `distribution`, and all three underneath.
    static func buildFlagRow(_ flag: BuildFlagDefinition, in distribution: Distribution) -> MenuRow {
        let values = Distribution.allCases.map { "\($0.rawValue) \(flag.value(in: $0) ? "on" : "off")" }.joined(separator: " · ")
        return MenuRow(id: MenuRowID.buildFlag(flag.name).rawValue, section: .buildFlags,
                       kind: .readOnly(valueText: flag.value(in: distribution) ? "true" : "false"),
                       title: flag.name, statusText: "\(distribution.rawValue) build; \(values)")
    }

    /// A flag's switch with its values left pending (10,000 of them in a large app): it costs no
    /// read of the store and no Nimbus value. It already knows what a key does to it: a toggle,
    /// and whether `x` has an active override to remove; `sourceText` is what the filter may
    /// search in its source column (`searchTexts`), never drawn.
    static func pendingFeatureFlagRow(_ flag: FeatureFlagID, isOverridden: Bool, sourceText: String = "") -> MenuRow {
        MenuRow(id: MenuRowID.featureFlag(flag.rawValue).rawValue, section: .featureFlags,
                kind: .toggle(isOn: false, isOverridden: isOverridden, sourceText: sourceText, hiddenValueText: nil),
                title: title(of: flag), statusText: flag.definition.debug?.status ?? "", isPending: true)
    }

    /// A flag's build-only status with its value left pending (`valueText` for the filter only).
    static func pendingBuildStatusRow(_ flag: FeatureFlagID, valueText: String = "") -> MenuRow {
        MenuRow(id: MenuRowID.buildStatus(flag.rawValue).rawValue, section: .buildOnlyStatus, kind: .readOnly(valueText: valueText),
                title: flag.rawValue, statusText: buildStatusText(flag), isPending: true)
    }

    /// What the source column of each flag's rows says, for the filter: the switch's source
    /// (`override`, `experiment slug/branch`, …) and the build-only status's value.
    func searchTexts(states: [String: FeatureFlagState], flags: FeatureFlagList) -> [(source: String, value: String)] {
        flags.map { flag in
            guard let state = states[flag.rawValue] else { return ("", "") }
            let source = state.source.summary
            return (source, "\(MenuText.onOff(state.enabled))\(separator)\(source)")
        }
    }

    /// A flag's title in the menu: its debug title, else its id.
    static func title(of flag: FeatureFlagID) -> String {
        flag.definition.debug?.title ?? flag.rawValue
    }
}
#endif
