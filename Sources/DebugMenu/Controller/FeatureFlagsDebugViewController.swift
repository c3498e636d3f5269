#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeatureFlags
import Prefs

/// The Feature Flags debug menu's logic, Firefox for iOS's `FeatureFlagsDebugViewController`:
/// it turns the app's flags, preferences and build flags into `MenuRow`s, carries out what the
/// user asks (`MenuAction`s from its `ScreenModel`), and keeps the rows in step with the store.
///
/// Use one per menu session, on one thread: feed it every `KeyEvent` with `handle(_:)` and
/// draw `screen` with `header`. Sections: **Feature Flags** (one `FeatureFlagsBoolSetting`
/// per debuggable flag, from `generateFeatureFlagToggleSettings()`), **User Preferences**
/// (bool preferences of flags with a `userPrefsKey`, and typed preferences that cycle through
/// their variants), **Build only status** (the effective value of every flag, read-only) and
/// **Build flags** (`CoreBuildFlags.all`, read-only).
///
/// Every write goes to the persistent store and is followed by `reloadView()`, which compares
/// the store's snapshot with the last one and rebuilds only the rows whose keys changed; the
/// same happens on `.timeout`, so a change made by another process (`flags set X on`) shows
/// within one poll. `s` saves the state as a preset and `p` applies one (`PresetStore`).
/// With a Remote Settings source, `fetchExperimentsInBackground()` fetches the experiments
/// on another thread while the menu runs on the cached ones, and swaps the result in on the
/// next event (the header says where the experiments come from). A key costs O(rows it changes), not O(flags); only previewing another
/// channel and changes to keys no row owns rebuild every row.
///
/// ```swift
/// let controller = FeatureFlagsDebugViewController(environment: try FlagsEnvironment.open(FlagsOptions()))
/// controller.handle(.character("j"))          // select the next row
/// controller.handle(.character(" "))          // toggle it: stores a debug override
/// let lines = controller.frame(size: Terminal.Size(rows: 24, columns: 80))
/// ```
public final class FeatureFlagsDebugViewController {
    /// The app's flags and store, as opened (its channel is the one first previewed); replaced
    /// when a background fetch of the experiments finishes.
    public private(set) var environment: FlagsEnvironment
    /// The channel whose values and override rules are shown (`c` cycles it).
    public private(set) var previewChannel: BuildChannel
    /// `environment`, resolved for `previewChannel`.
    public private(set) var previewed: FlagsEnvironment
    /// The switches of the Feature Flags section, sorted by title (made on first use: a large
    /// app's menu makes the switches of the rows it shows).
    public var settings: [FeatureFlagsBoolSetting] {
        layout.debuggable.map { setting(for: environment.registry.flags[$0]) }
    }
    /// What is on screen: rows, selection, filter, help, prompts.
    public private(set) var screen: ScreenModel
    /// Every row, in section order (the screen's rows), with its values worked out.
    public var rows: [MenuRow] {
        fillPendingRows(screen.rows.indices)
        return Array(screen.rows)
    }

    /// Where each row is among the rows.
    private var layout = RowLayout()
    /// How many rows are still pending (`MenuRow.isPending`): flag rows start so, and get their
    /// values when they come into view, are selected or are asked for.
    private var pendingRowCount = 0
    /// The switches made so far, by flag id; all bound to `previewed`'s provider.
    private var settingByFlag: [String: FeatureFlagsBoolSetting] = [:]
    /// Which rows show the value stored under a prefs key.
    private let rowsByStoreKey: [String: [MenuRowID]]
    /// The store as last shown.
    private var snapshot: [String: PrefEntry]
    /// Flags (of the registry) that have a stored override: the rows whose age text ages.
    private var overriddenFlagIDs: Set<String> = []
    private var overrideCount = 0
    private var ageMinute: Int
    private let clock: () -> Double
    private let separator: String
    private let glyphs: ScreenGlyphs
    private var experimentsFetch: BackgroundExperimentsFetch?
    /// What the header says about the experiments' source (nil for a file).
    public private(set) var experimentsStatus: String?
    /// What the header says about the store when its file was moved away or replaced.
    public private(set) var storeStatus: String?
    /// True once the open store was closed because its path named another file, until the
    /// path is opened again.
    private var needsReopen = false
    /// When the store's path was last compared with the file open: a `stat` at most this often
    /// while idle keeps the idle loop idle.
    private var storeCheckedAt = ContinuousClock.now
    private static let storeCheckInterval: Duration = .milliseconds(500)
    private static let debugKeySuffix = FeatureFlagID.debugKeySuffix
    /// Store keys no row shows and no flag reads: presets and the Remote Settings cache.
    private static let unshownKeyPrefixes = ["presets.", "remoteSettings."]

    /// A controller showing `environment`, previewing its channel.
    ///
    /// - Parameters:
    ///   - glyphs: the symbols of the terminal (its `separator` joins facts in row texts).
    ///   - clock: seconds since 1970, for the age of overrides (tests pass their own).
    public init(environment: FlagsEnvironment, glyphs: ScreenGlyphs = .unicode,
                clock: @escaping () -> Double = { Date().timeIntervalSince1970 }) {
        self.environment = environment
        self.separator = " \(glyphs.separator) "
        self.glyphs = glyphs
        self.previewChannel = environment.channel
        self.previewed = environment
        self.clock = clock
        self.ageMinute = Int(clock() / 60)
        self.screen = ScreenModel(rows: [])
        // Debug keys are not listed: `rows(forStoreKey:)` reads the flag from the key, which
        // saves a 10,000-entry table at every start of a large app's menu.
        var byKey: [String: [MenuRowID]] = [:]
        for index in environment.registry.userPreferenceFlagIndices {
            let flag = environment.registry.flags[index]
            if let userPrefsKey = flag.userPrefsKey {
                byKey[userPrefsKey, default: []].append(.userPreference(flag.rawValue))
            }
        }
        for preference in environment.registry.preferences {
            byKey[preference.userPrefsKey, default: []].append(.typedPreference(preference.id))
        }
        rowsByStoreKey = byKey
        snapshot = environment.prefs.allEntries()
        countOverrides()
        rebuildAllRows()
        experimentsStatus = ExperimentsStatusText.text(
            for: environment.experiments, isFetching: false,
            cachedAt: ExperimentsStatusText.cachedAt(environment.experiments, prefs: environment.prefs),
            dash: glyphs.dash, ellipsis: glyphs.ellipsis)
    }

    // MARK: - Firefox's surface

    /// One switch per debuggable flag, sorted by title; each writes its override and then
    /// calls `reloadView()`.
    public func generateFeatureFlagToggleSettings() -> [FeatureFlagsBoolSetting] {
        environment.registry.debuggableFlags.map(makeSetting)
    }

    private func makeSetting(_ flag: FeatureFlagID) -> FeatureFlagsBoolSetting {
        FeatureFlagsBoolSetting(
            with: flag,
            titleText: Self.title(of: flag),
            statusText: flag.definition.debug?.status ?? "",
            featureFlagsProvider: previewed.provider
        ) { [weak self] _ in
            self?.reloadView()
        }
    }

    /// The switch of the flag `id`, if it is a debuggable flag of the registry.
    private func setting(forFlagID id: String) -> FeatureFlagsBoolSetting? {
        guard let flag = environment.registry.flagIfPresent(id), flag.definition.debug != nil else { return nil }
        return setting(for: flag)
    }

    /// The switch of `flag`, made when first asked for.
    private func setting(for flag: FeatureFlagID) -> FeatureFlagsBoolSetting {
        if let setting = settingByFlag[flag.rawValue] { return setting }
        let setting = makeSetting(flag)
        settingByFlag[flag.rawValue] = setting
        return setting
    }

    /// Brings the rows up to date with the store: rebuilds only the rows whose keys changed
    /// since the last reload (all rows when a key no row owns changed, since Nimbus may read it).
    /// Presets and the Remote Settings cache are not shown by rows and are ignored.
    /// Returns whether anything shown changed.
    @discardableResult
    public func reloadView() -> Bool {
        let current = environment.prefs.allEntries()
        guard current != snapshot else { return false }
        var affected = Set<MenuRowID>()
        var unknownKeyChanged = false
        var shownKeyChanged = false
        func note(_ key: String) {
            if Self.unshownKeyPrefixes.contains(where: key.hasPrefix) { return }
            shownKeyChanged = true
            let ids = rows(forStoreKey: key)
            if !ids.isEmpty {
                affected.formUnion(ids)
            } else if !key.hasSuffix(Self.debugKeySuffix) {
                unknownKeyChanged = true
            }
        }
        for (key, entry) in current where snapshot[key] != entry { note(key) }
        for key in snapshot.keys where current[key] == nil { note(key) }
        snapshot = current
        guard shownKeyChanged else { return false }
        countOverrides()
        if unknownKeyChanged {
            rebuildAllRows()
        } else {
            for id in affected { refreshRow(id) }
        }
        return true
    }

    /// The rows that show the store entry `key`: a flag's two rows for its debug key, the rows
    /// of user preferences for theirs.
    private func rows(forStoreKey key: String) -> [MenuRowID] {
        var ids = rowsByStoreKey[key] ?? []
        if key.hasSuffix(Self.debugKeySuffix), let flag = environment.registry.flagIfPresent(String(key.dropLast(Self.debugKeySuffix.count))),
           flag.debugKey == key {
            ids += [.featureFlag(flag.rawValue), .buildStatus(flag.rawValue)]
        }
        return ids
    }

    // MARK: - Reading

    /// The facts for the header: app, channels, store, counts.
    public var header: MenuHeader {
        MenuHeader(
            appName: environment.registry.app,
            buildChannel: BuildChannel.current.rawValue,
            previewChannel: previewChannel.rawValue,
            storePath: Self.abbreviated(environment.storePath),
            flagCount: environment.registry.flags.count,
            overrideCount: overrideCount,
            statusNote: Self.statusNote(isDemo: environment.isDemo, storeStatus: storeStatus, separator: separator),
            experimentsStatus: experimentsStatus)
    }

    /// The row with `id`, if there is one.
    public func row(_ id: MenuRowID) -> MenuRow? {
        guard let index = screen.rows.index(ofID: id.rawValue) else { return nil }
        fillPendingRows([index])
        return screen.rows[index]
    }

    /// The lines of the next frame for a terminal of `size` (what `render` would draw).
    public func frame(size: Terminal.Size, layout: ScreenLayout = ScreenLayout(glyphs: .ascii)) -> [DrawnLine] {
        prepareFrame(size)
        return ScreenRenderer(layout: layout).frame(&screen, header: header, size: size)
    }

    /// Draws the menu on `terminal`.
    public func render(with renderer: ScreenRenderer, on terminal: Terminal) {
        prepareFrame(terminal.size)
        renderer.render(&screen, header: header, on: terminal)
    }

    /// Fits the viewport to `size` and fills in the pending rows it shows.
    private func prepareFrame(_ size: Terminal.Size) {
        let viewport = ScreenLayout.viewport(for: size)
        screen.setViewport(top: viewport.top, height: viewport.height)
        fillPendingRows(screen.rowIndicesInViewport)
    }

    /// Works out the values of the pending rows among `indices` (indices into the rows).
    private func fillPendingRows(_ indices: some Collection<Int>) {
        guard pendingRowCount > 0 else { return }
        // Many rows at once (all of them for `rows`): one read of the store for all.
        let states = indices.count > 64 ? previewed.provider.states(of: environment.registry.flags) : [:]
        for index in indices where screen.rows[index].isPending {
            guard let id = MenuRowID(rawValue: screen.rows[index].id), let row = makeRow(id, states: states) else { continue }
            replaceRow(at: index, with: row)
        }
    }

    private func replaceRow(at index: Int, with row: MenuRow) {
        if screen.rows[index].isPending && !row.isPending { pendingRowCount -= 1 }
        screen.replaceRow(at: index, with: row)
    }

    // MARK: - Input

    /// Applies one input event; returns false when the menu should close (`q`, a signal).
    /// On `.timeout` it looks for changes made by other processes and ages the override times.
    @discardableResult
    public func handle(_ key: KeyEvent) -> Bool {
        takeFetchedExperiments()
        switch key {
        case .timeout:
            let now = ContinuousClock.now
            if now - storeCheckedAt >= Self.storeCheckInterval {
                storeCheckedAt = now
                followStoreAtPath()
            }
            if reloadView() { screen.show(message: "The store changed; the rows were reloaded.") }
            refreshAges()
            return true
        case .terminationSignal:
            return false
        default:
            // A key acts on the selected row: its values must be known (it was on screen, but a
            // key earlier in the same burst may have moved the selection).
            if let index = screen.selectedRowIndex { fillPendingRows([index]) }
            guard let action = screen.handle(key) else { return true }
            return perform(action)
        }
    }

    /// Carries out `action`; returns false for `.quit`. Store errors become a message.
    @discardableResult
    public func perform(_ action: MenuAction) -> Bool {
        switch action {
        case .cycleChannel, .choosePreset, .quit: break
        default:
            // A write must land in the store at the path, never in a file moved away from it.
            guard followStoreAtPath() else { return true }
        }
        do {
            switch action {
            case .toggle(let rowID):
                try toggle(rowID)
            case .cycle(let rowID):
                try cycle(rowID)
            case .removeOverride(let rowID):
                try removeOverride(rowID)
            case .resetAll:
                let count = try previewed.provider.removeAllDebugOverrides()
                reloadView()
                screen.show(message: count == 0 ? "No overrides were set." : "Removed \(count) override\(count == 1 ? "" : "s").")
            case .cycleChannel:
                preview(previewChannel.next)
            case .savePreset(let name):
                try savePreset(name)
            case .choosePreset:
                showPresets()
            case .applyPreset(let name):
                try applyPreset(name)
            case .quit:
                return false
            }
        } catch let error as PresetNameError {
            screen.show(message: error.description)
        } catch {
            reloadView()
            screen.show(message: "Could not change the store: \(error)")
        }
        return true
    }

    // MARK: - Experiments from a server

    /// Starts fetching the experiments from their Remote Settings server on another thread, when
    /// they come from one; returns at once, whether a fetch was started. The result is swapped in
    /// by `takeFetchedExperiments()`, which every `handle(_:)` calls.
    @discardableResult
    public func fetchExperimentsInBackground(policy: ExperimentsFetchPolicy = .fetch) -> Bool {
        guard experimentsFetch == nil, policy != .cacheOnly, ExperimentsStatusText.isRemote(environment.experiments) else {
            return false
        }
        experimentsFetch = BackgroundExperimentsFetch(environment: environment, policy: policy)
        experimentsStatus = ExperimentsStatusText.text(for: environment.experiments, isFetching: true,
                                                       dash: glyphs.dash, ellipsis: glyphs.ellipsis)
        return true
    }

    /// Whether a background fetch is still running.
    public var isFetchingExperiments: Bool { experimentsFetch != nil }

    /// Swaps in the environment of a finished background fetch (rows reload; selection, filter
    /// and previewed channel stay). Returns whether it did.
    @discardableResult
    public func takeFetchedExperiments() -> Bool {
        guard let fetch = experimentsFetch, let fetched = fetch.take() else { return false }
        experimentsFetch = nil
        // The fetch started on the store open then; it may have been reopened since.
        adopt(fetched.prefs === environment.prefs ? fetched : fetched.using(store: environment.prefs))
        experimentsStatus = ExperimentsStatusText.text(for: fetched.experiments, isFetching: false,
                                                       dash: glyphs.dash, ellipsis: glyphs.ellipsis)
        return true
    }

    /// Shows `environment` from now on, keeping selection, filter and previewed channel.
    private func adopt(_ environment: FlagsEnvironment) {
        self.environment = environment
        previewed = previewChannel == environment.channel ? environment : environment.previewing(previewChannel)
        snapshot = environment.prefs.allEntries()
        countOverrides()
        rebuildAllRows()
    }

    // MARK: - The store's file

    /// Makes sure the store open is the file its path names, reopening the path when that file
    /// was moved away, deleted or replaced (`mv` is what the tool's own hints suggest); the
    /// header says so. Returns whether the store at the path is the one in use: false when it
    /// cannot be opened (the message says why), and then nothing is written.
    ///
    /// The old store is closed first, its journal emptied into the moved file, so the `-wal`
    /// and `-shm` left at the path can be removed rather than read by the new store.
    @discardableResult
    public func followStoreAtPath() -> Bool {
        let change = environment.prefs.changeAtPath()
        guard needsReopen || change != nil else { return true }
        needsReopen = true
        let what = (change ?? .missing).description
        do {
            adopt(try environment.reopeningStore())
            needsReopen = false
            storeStatus = "store \(what): reopened"
            screen.show(message: "The store file was \(what); opened \(environment.storePath) again.")
            return true
        } catch {
            storeStatus = "store \(what): cannot reopen"
            screen.show(message: "The store file was \(what) and \(environment.storePath) cannot be opened: \(error.problem); \(error.hint)")
            return false
        }
    }

    // MARK: - Presets

    private func savePreset(_ name: String) throws {
        let presets = PresetStore(environment: environment)
        let existed = presets.list().contains { $0.name == name }
        let state = SavedFlagState.capture(from: environment)
        try presets.save(name, state: state)
        let preferenceCount = state.userPreferences.count + state.typedPreferences.count
        screen.show(message: "\(existed ? "Replaced" : "Saved") preset \(name) (\(Self.count(state.overrides.count, "override")), "
                    + "\(Self.count(preferenceCount, "preference"))).")
    }

    private func showPresets() {
        let now = clock()
        let items = PresetStore(environment: environment).list().map { preset in
            PresetChooser.Item(name: preset.name, detail: "saved " + Self.ago(setAt: preset.savedAt, now: now))
        }
        screen.showPresetChooser(PresetChooser(items: items))
    }

    private func applyPreset(_ name: String) throws {
        let before = environment.prefs.allEntries()
        try PresetStore(environment: environment).apply(name)
        let after = environment.prefs.allEntries()
        var changed = 0
        for (key, entry) in after where before[key]?.value != entry.value { changed += 1 }
        for key in before.keys where after[key] == nil { changed += 1 }
        reloadView()
        screen.show(message: "applied preset \(name) (\(Self.count(changed, "change")))")
    }

    /// Shows values and override rules of `channel` (overrides are inactive in release).
    public func preview(_ channel: BuildChannel) {
        previewChannel = channel
        previewed = channel == environment.channel ? environment : environment.previewing(channel)
        rebuildAllRows()
        if previewed.provider.honoursOverrides {
            screen.show(message: "Previewing \(channel.rawValue).")
        } else {
            screen.show(message: "Previewing \(channel.rawValue): overrides are inactive, values come from Nimbus.")
        }
    }

    // MARK: - Actions

    private func toggle(_ rowID: String) throws {
        switch MenuRowID(rawValue: rowID) {
        case .featureFlag(let id)?:
            guard let setting = setting(forFlagID: id) else { return }
            let value = try setting.toggle()
            let note = previewed.provider.honoursOverrides ? "" : " (inactive in the \(previewChannel.rawValue) preview)"
            screen.show(message: "\(setting.titleText): override \(Self.onOff(value)) stored\(note).")
        case .userPreference(let id)?:
            guard let flag = environment.registry.flagIfPresent(id) else { return }
            let value = !previewed.preferences.getPreferenceFor(flag)
            try previewed.preferences.setPreferenceFor(flag, to: value)
            reloadView()
            screen.show(message: "\(Self.title(of: flag)): preference \(Self.onOff(value)).")
        default:
            return
        }
    }

    private func cycle(_ rowID: String) throws {
        guard case .typedPreference(let id)? = MenuRowID(rawValue: rowID),
              let preference = environment.registry.preferences.first(where: { $0.id == id }),
              !preference.variants.isEmpty else { return }
        let current = previewed.preferences.getPreferenceFor(preference)
        let index = preference.variants.firstIndex(of: current).map { ($0 + 1) % preference.variants.count } ?? 0
        let next = preference.variants[index]
        try previewed.preferences.setPreferenceFor(preference, to: next)
        reloadView()
        screen.show(message: "\(preference.id): \(next).")
    }

    private func removeOverride(_ rowID: String) throws {
        switch MenuRowID(rawValue: rowID) {
        case .featureFlag(let id)?:
            guard let flag = environment.registry.flagIfPresent(id) else { return }
            try previewed.provider.removeDebugOverride(flag)
            reloadView()
            let state = previewed.provider.state(of: flag)
            screen.show(message: "\(Self.title(of: flag)): override removed, now \(Self.onOff(state.enabled)) (\(state.source.summary)).")
        case .typedPreference(let id)?:
            guard let preference = environment.registry.preferences.first(where: { $0.id == id }) else { return }
            if previewed.preferences.storedPreference(for: preference) == nil {
                screen.show(message: "\(preference.id) has no stored choice.")
                return
            }
            try previewed.preferences.removePreferenceFor(preference)
            reloadView()
            screen.show(message: "\(preference.id): stored choice removed, now \(previewed.preferences.getPreferenceFor(preference)).")
        default:
            return
        }
    }

    // MARK: - Rows

    /// Makes every row again, in section order: the two rows of each flag are made when first
    /// read (drawn, selected, searched), as pending shells; the few others are made whole.
    private func rebuildAllRows() {
        let registry = environment.registry
        settingByFlag = [:]  // switches read from `previewed`, which may have changed
        let debuggable = registry.debuggableFlagIndices
        let preferenceFlags = registry.userPreferenceFlagIndices.map { registry.flags[$0] }
            .sorted { (Self.title(of: $0).lowercased(), $0.rawValue) < (Self.title(of: $1).lowercased(), $1.rawValue) }
        var preferenceRows = preferenceFlags.compactMap { makeRow(.userPreference($0.rawValue)) }
        preferenceRows += registry.preferences.compactMap { makeRow(.typedPreference($0.id)) }
        let buildFlagRows = CoreBuildFlags.all.compactMap { makeRow(.buildFlag($0.name)) }

        // The made rows read only values fixed now (the store's overrides as last read): a row
        // whose override changes later is replaced, whole, by `refreshRow`.
        let overridden = previewed.provider.honoursOverrides ? overriddenFlagIDs : []
        let layout = RowLayout(debuggable: debuggable, flagCount: registry.flags.count)
        self.layout = layout
        let switches = MenuRows.Segment.made(
            count: debuggable.count, section: .featureFlags,
            row: { position in
                let flag = registry.flags[debuggable[position]]
                return Self.pendingFeatureFlagRow(flag, isOverridden: overridden.contains(flag.rawValue))
            },
            index: { id in
                guard case .featureFlag(let flagID)? = MenuRowID(rawValue: id) else { return nil }
                return registry.index(ofFlag: flagID).flatMap(layout.featureFlagRow(ofFlagAt:))
            })
        let statuses = MenuRows.Segment.made(
            count: registry.flags.count, section: .buildOnlyStatus,
            row: { Self.pendingBuildStatusRow(registry.flags[$0]) },
            index: { id in
                guard case .buildStatus(let flagID)? = MenuRowID(rawValue: id) else { return nil }
                return registry.index(ofFlag: flagID)
            })
        pendingRowCount = debuggable.count + registry.flags.count
        screen.update(rows: MenuRows(segments: [switches, .listed(preferenceRows), statuses, .listed(buildFlagRows)]))
    }

    private func refreshRow(_ id: MenuRowID) {
        guard let index = screen.rows.index(ofID: id.rawValue), let row = makeRow(id), screen.rows[index] != row else { return }
        replaceRow(at: index, with: row)
    }

    /// A flag's switch with its values left pending (10,000 of them in a large app): it costs no
    /// read of the store and no Nimbus value. It already knows what a key does to it: a toggle,
    /// and whether `x` has an active override to remove.
    private static func pendingFeatureFlagRow(_ flag: FeatureFlagID, isOverridden: Bool) -> MenuRow {
        MenuRow(id: MenuRowID.featureFlag(flag.rawValue).rawValue, section: .featureFlags,
                kind: .toggle(isOn: false, isOverridden: isOverridden, sourceText: "", hiddenValueText: nil),
                title: title(of: flag), statusText: flag.definition.debug?.status ?? "", isPending: true)
    }

    /// A flag's build-only status with its value left pending.
    private static func pendingBuildStatusRow(_ flag: FeatureFlagID) -> MenuRow {
        MenuRow(id: MenuRowID.buildStatus(flag.rawValue).rawValue, section: .buildOnlyStatus, kind: .readOnly(valueText: ""),
                title: flag.rawValue, statusText: buildStatusText(flag), isPending: true)
    }

    /// Rewrites the age of every override when a minute has passed.
    private func refreshAges() {
        let minute = Int(clock() / 60)
        guard minute != ageMinute else { return }
        ageMinute = minute
        for id in overriddenFlagIDs { refreshRow(.featureFlag(id)) }
    }

    private func countOverrides() {
        var count = 0
        var flags = Set<String>()
        for (key, entry) in snapshot where key.hasSuffix(Self.debugKeySuffix) && entry.value.boolValue != nil {
            count += 1
            let id = String(key.dropLast(Self.debugKeySuffix.count))
            if environment.registry.flagIfPresent(id) != nil { flags.insert(id) }
        }
        overrideCount = count
        overriddenFlagIDs = flags
    }

    /// The row `id` as things stand; `states` (from one read of the store) saves a read per flag
    /// when every row is made at once.
    private func makeRow(_ id: MenuRowID, states: [String: FeatureFlagState] = [:]) -> MenuRow? {
        func state(of flag: FeatureFlagID) -> FeatureFlagState { states[flag.rawValue] ?? previewed.provider.state(of: flag) }
        switch id {
        case .featureFlag(let flagID):
            return setting(forFlagID: flagID).map { featureFlagRow($0, state: state(of: $0.featureFlagID)) }
        case .userPreference(let flagID):
            return environment.registry.flagIfPresent(flagID).map(userPreferenceRow)
        case .typedPreference(let preferenceID):
            return environment.registry.preferences.first { $0.id == preferenceID }.map(typedPreferenceRow)
        case .buildStatus(let flagID):
            return environment.registry.flagIfPresent(flagID).map { buildStatusRow($0, state: state(of: $0)) }
        case .buildFlag(let name):
            return CoreBuildFlags.all.first { $0.name == name }.map { flag in
                MenuRow(id: id.rawValue, section: .buildFlags, kind: .readOnly(valueText: flag.value ? "true" : "false"),
                        title: flag.name, statusText: "compile-time, \(BuildChannel.current.rawValue) build")
            }
        }
    }

    /// A flag's row: its switch shows `state.enabled`, what `setting.isOn` reads from the same
    /// provider (taken from `state` so the store is read once for all rows).
    private func featureFlagRow(_ setting: FeatureFlagsBoolSetting, state: FeatureFlagState) -> MenuRow {
        let flag = setting.featureFlagID
        let nimbusText = "\(state.nimbus.source.summary) \(Self.onOff(state.nimbus.enabled))"
        let kind: MenuRow.Kind
        if state.source == .override {
            let age = state.overrideSetAt.map { separator + OverrideAge.text(setAt: $0, now: clock()) } ?? ""
            kind = .toggle(isOn: state.enabled, isOverridden: true, sourceText: "override" + age, hiddenValueText: nimbusText)
        } else if let inactive = state.override {
            kind = .toggle(isOn: state.enabled, isOverridden: false, sourceText: state.source.summary,
                           hiddenValueText: "override \(Self.onOff(inactive)) inactive")
        } else {
            kind = .toggle(isOn: state.enabled, isOverridden: false, sourceText: state.source.summary, hiddenValueText: nil)
        }
        return MenuRow(id: MenuRowID.featureFlag(flag.rawValue).rawValue, section: .featureFlags, kind: kind,
                       title: setting.titleText, statusText: setting.statusText)
    }

    private func userPreferenceRow(_ flag: FeatureFlagID) -> MenuRow {
        let preferences = previewed.preferences
        let source: String
        if preferences.storedPreference(for: flag) != nil {
            source = "user choice"
        } else if flag.definition.fallback != nil {
            source = "fallback"
        } else {
            source = previewed.nimbusLayer.explainNimbusValue(for: flag).source.summary
        }
        return MenuRow(id: MenuRowID.userPreference(flag.rawValue).rawValue, section: .userPreferences,
                       kind: .toggle(isOn: preferences.getPreferenceFor(flag), isOverridden: false, sourceText: source,
                                     hiddenValueText: nil),
                       title: Self.title(of: flag), statusText: "user preference \(flag.userPrefsKey ?? "")")
    }

    private func typedPreferenceRow(_ preference: TypedPreference) -> MenuRow {
        let preferences = previewed.preferences
        let value = preferences.getPreferenceFor(preference)
        let stored = preferences.storedPreference(for: preference) != nil
        return MenuRow(id: MenuRowID.typedPreference(preference.id).rawValue, section: .userPreferences,
                       kind: .choice(value: value + (stored ? " (user choice)" : ""), variants: preference.variants),
                       title: preference.id,
                       statusText: "\(preference.enumName): \(preference.variants.joined(separator: ", "))")
    }

    private func buildStatusRow(_ flag: FeatureFlagID, state: FeatureFlagState) -> MenuRow {
        var value = "\(Self.onOff(state.enabled))\(separator)\(state.source.summary)"
        if let inactive = state.override, state.source != .override {
            value += " (override \(Self.onOff(inactive)) inactive)"
        }
        return MenuRow(id: MenuRowID.buildStatus(flag.rawValue).rawValue, section: .buildOnlyStatus,
                       kind: .readOnly(valueText: value), title: flag.rawValue, statusText: Self.buildStatusText(flag))
    }

    private static func buildStatusText(_ flag: FeatureFlagID) -> String {
        flag.definition.debug?.title ?? (flag.isNimbusConfigured ? "no debug row" : "not Nimbus-configured")
    }

    // MARK: - Text

    private static func onOff(_ value: Bool) -> String { value ? "on" : "off" }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    private static func ago(setAt: Double, now: Double) -> String {
        let age = OverrideAge.text(setAt: setAt, now: now)
        return age == "now" ? "just now" : age + " ago"
    }

    private static func title(of flag: FeatureFlagID) -> String {
        flag.definition.debug?.title ?? flag.rawValue
    }

    /// The header's note: the demo, and what happened to the store's file.
    private static func statusNote(isDemo: Bool, storeStatus: String?, separator: String) -> String? {
        let notes = [isDemo ? "demo" : nil, storeStatus].compactMap { $0 }
        return notes.isEmpty ? nil : notes.joined(separator: separator)
    }

    /// The path with the home folder shown as `~`.
    private static func abbreviated(_ path: String) -> String {
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        guard home.count > 1, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }
}
#endif
