#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
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
/// **Build flags** (the registry's `build-flags:`, read-only).
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
/// let controller = FeatureFlagsDebugViewController(environment: try RegistryDiscovery.open(FlagsOptions()))
/// controller.handle(.character("j"))          // select the next row
/// controller.handle(.character(" "))          // toggle it: stores a debug override
/// let lines = controller.frame(size: Terminal.Size(rows: 24, columns: 80))
/// ```
public final class FeatureFlagsDebugViewController {
    // Its jobs are split over files: this one (state, Firefox's surface, reading, input),
    // +Actions, +Rows (with `MenuRowFactory`), +Presets, +Experiments (the background fetch),
    // +ExperimentsScreen (`e`), +Detail, +History and +StoreFile; the state of a job is a part
    // of its own (`StoreChangeTracker`, `OverrideCounts`, `ExperimentsFeed`, `MenuUndoStack`,
    // `StoreFollower`, `PendingRows`). The stored properties are internal only for those extensions.
    /// The app's flags and store, as opened (its channel is the one first previewed); replaced
    /// when a background fetch of the experiments finishes.
    public internal(set) var environment: FlagsEnvironment
    /// The flags are the tool's built-in demo, which the header says.
    public let isDemo: Bool
    /// The channel whose values and override rules are shown (`c` cycles it).
    public internal(set) var previewChannel: String
    /// `environment`, resolved for `previewChannel`.
    public internal(set) var previewed: FlagsEnvironment
    /// The switches of the Feature Flags section, sorted by title (made on first use: a large
    /// app's menu makes the switches of the rows it shows).
    public var settings: [FeatureFlagsBoolSetting] {
        pendingRows.layout.debuggable.map { setting(for: environment.registry.flags[$0]) }
    }
    /// What is on screen: rows, selection, filter, help, prompts.
    public internal(set) var screen: ScreenModel
    /// Every row, in section order (the screen's rows), with its values worked out.
    public var rows: [MenuRow] {
        fillPendingRows(screen.rows.indices)
        return Array(screen.rows)
    }

    /// Where each row is, and which are still pending (`MenuRow.isPending`): flag rows start so,
    /// and get their values when they come into view, are selected or are asked for.
    var pendingRows = PendingRows()
    /// The switches made so far, by flag id; all bound to `previewed`'s provider.
    var settingByFlag: [String: FeatureFlagsBoolSetting] = [:]
    /// The store as the rows last showed it, and which rows show each key.
    var shownStore: StoreChangeTracker
    /// The overrides in the store as last shown, for the header, `R` and the ages.
    var overrideCounts = OverrideCounts()
    /// The minute the override ages were last written for.
    var ageMinute: Int
    let clock: () -> Double
    let separator: String
    let glyphs: ScreenGlyphs
    /// The experiments' source and its background fetch.
    var experimentsFeed: ExperimentsFeed
    /// What `u` takes back.
    var undoStack = MenuUndoStack()
    /// Puts a text on the clipboard (`y` in the detail pane); the menu sets it to its terminal's
    /// `copyToClipboard(_:)`. Returns whether the request was sent.
    public var copyToClipboard: ((String) -> Bool)?
    /// The width the detail pane wraps its sentences at: the terminal's, as last drawn.
    var detailWidth = 80
    /// What the header says about the experiments' source (nil for a file).
    public var experimentsStatus: String? { experimentsFeed.status }
    /// Whether the store open is the file at its path, and what the header says when not.
    var storeFollower = StoreFollower()
    /// What the header says about the store when its file was moved away or replaced.
    public var storeStatus: String? { storeFollower.status }

    /// A controller showing `environment`, previewing its channel.
    ///
    /// - Parameters:
    ///   - isDemo: the flags are the tool's built-in demo (`RegistryDiscovery.opensDemo`).
    ///   - glyphs: the symbols of the terminal (its `separator` joins facts in row texts).
    ///   - clock: seconds since 1970, for the age of overrides (tests pass their own).
    public init(environment: FlagsEnvironment, isDemo: Bool = false, glyphs: ScreenGlyphs = .unicode,
                clock: @escaping () -> Double = { Date().timeIntervalSince1970 }) {
        self.environment = environment
        self.isDemo = isDemo
        self.separator = " \(glyphs.separator) "
        self.glyphs = glyphs
        self.previewChannel = environment.channel
        self.previewed = environment
        self.clock = clock
        self.ageMinute = Int(clock() / 60)
        self.screen = ScreenModel(rows: [])
        self.shownStore = StoreChangeTracker(registry: environment.registry, snapshot: environment.prefs.allEntries())
        self.experimentsFeed = ExperimentsFeed(environment: environment, glyphs: glyphs)
        countOverrides()
        rebuildAllRows()
        // One read-only row per flag: long, and rarely what the user came for.
        screen.setCollapsedSections([.buildOnlyStatus])
    }

    // MARK: - Firefox's surface

    /// One switch per debuggable flag, sorted by title; each writes its override and then
    /// calls `reloadView()`.
    public func generateFeatureFlagToggleSettings() -> [FeatureFlagsBoolSetting] {
        environment.registry.debuggableFlags.map(makeSetting)
    }

    func makeSetting(_ flag: FeatureFlagID) -> FeatureFlagsBoolSetting {
        FeatureFlagsBoolSetting(
            with: flag,
            titleText: MenuRowFactory.title(of: flag),
            statusText: flag.definition.debug?.status ?? "",
            featureFlagsProvider: previewed.provider
        ) { [weak self] _ in
            self?.reloadView()
        }
    }

    /// The switch of the flag `id`, if it is a debuggable flag of the registry.
    func setting(forFlagID id: String) -> FeatureFlagsBoolSetting? {
        guard let flag = environment.registry.flagIfPresent(id), flag.definition.debug != nil else { return nil }
        return setting(for: flag)
    }

    /// The switch of `flag`, made when first asked for.
    func setting(for flag: FeatureFlagID) -> FeatureFlagsBoolSetting {
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
        switch shownStore.changes(to: environment.prefs.allEntries(), registry: environment.registry) {
        case .none:
            return false
        case .nimbusOverrides:
            adopt(environment.reloaded())
        case .allRows:
            countOverrides()
            rebuildAllRows()
        case .rows(let affected):
            countOverrides()
            for id in affected { refreshRow(id) }
        }
        return true
    }

    // MARK: - Reading

    /// The facts for the header: app, channels, store, counts.
    public var header: MenuHeader {
        // A build whose channel the registry maps says so ("developer (debug)"), and showing
        // that mapped channel is no preview.
        let build = BuildChannel.current.rawValue, own = environment.registry.channels.manifestChannel(for: .current)
        return MenuHeader(
            appName: environment.registry.app,
            buildChannel: own == build ? build : "\(build) (\(own))",
            previewChannel: previewChannel == own && own != build ? nil : previewChannel,
            storePath: MenuText.abbreviated(environment.storePath),
            flagCount: environment.registry.flags.count,
            overrideCount: overrideCounts.flagOverrides,
            nimbusOverrideCount: overrideCounts.nimbusOverrides,
            statusNote: MenuText.statusNote(isDemo: isDemo, storeStatus: storeStatus, separator: separator),
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
    func prepareFrame(_ size: Terminal.Size) {
        let viewport = ScreenLayout.viewport(for: size)
        screen.setViewport(top: viewport.top, height: viewport.height)
        fillPendingRows(screen.rowIndicesInViewport)
        // The pane follows the store (an edit, another process) and the width it wraps at.
        if screen.detailPane != nil { refreshDetailPane(width: size.columns) }
    }

    /// Works out the values of the pending rows among `indices` (indices into the rows).
    func fillPendingRows(_ indices: some Collection<Int>) {
        guard !pendingRows.isEmpty else { return }
        // Many rows at once (all of them for `rows`): one read of the store for all.
        let states = indices.count > 64 ? previewed.provider.states(of: environment.registry.flags) : [:]
        for index in indices where screen.rows[index].isPending {
            guard let id = MenuRowID(rawValue: screen.rows[index].id), let row = makeRow(id, states: states) else { continue }
            replaceRow(at: index, with: row)
        }
    }

    func replaceRow(at index: Int, with row: MenuRow) {
        if screen.rows[index].isPending && !row.isPending { pendingRows.noteFilled() }
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
            if storeFollower.isCheckDue(at: .now) { followStoreAtPath() }
            if reloadView() { screen.show(message: "The store changed; the rows were reloaded.") }
            refreshAges()
            return true
        case .terminationSignal:
            return false
        default:
            // A key acts on the selected row: its values must be known (it was on screen, but a
            // key earlier in the same burst may have moved the selection).
            if let index = screen.selectedRowIndex { fillPendingRows([index]) }
            prepareForFiltering()
            guard let action = screen.handle(key) else { return true }
            return perform(action)
        }
    }

    /// Applies a burst of input events read together (a paste, fast typing): typed characters
    /// in a row while the filter or a prompt is being typed go in at once, filtered once, so a
    /// paste costs one filter, not one per character. Returns false when the menu should close.
    @discardableResult
    public func handle(_ keys: [KeyEvent]) -> Bool {
        var index = keys.startIndex
        while index < keys.endIndex {
            let mode = screen.keyMode
            if mode == .filter || mode == .prompt {
                var text = ""
                var end = index
                while end < keys.endIndex, case .character(let character) = keys[end],
                      MenuKeyBindings.command(for: keys[end], in: mode) == .type {
                    text.append(character)
                    end += 1
                }
                if end - index > 1 {
                    takeFetchedExperiments()
                    prepareForFiltering()
                    screen.type(text)
                    index = end
                    continue
                }
            }
            if !handle(keys[index]) { return false }
            index += 1
        }
        return true
    }

    /// Gives the pending rows their source texts before the filter first searches them: it
    /// matches the source column too (`override`, an experiment's slug), which a pending row does
    /// not know. One read of the store for all flags; the rows stay pending (working out 20,000
    /// rows in full made the first filter key of a large app take half a second).
    func prepareForFiltering() {
        guard pendingRows.needsSearchTexts, screen.keyMode == .filter || !screen.filter.isEmpty else { return }
        let flags = environment.registry.flags
        let factory = MenuRowFactory(previewed: previewed, separator: separator, now: clock)
        rebuildAllRows(searchTexts: factory.searchTexts(states: previewed.provider.states(of: flags), flags: flags))
    }
}
#endif
