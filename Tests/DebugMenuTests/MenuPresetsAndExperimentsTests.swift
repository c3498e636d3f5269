import DebugMenu
import FeatureFlags
import FlagsTool
import FeatureFlagsTestSupport
import Foundation
import RemoteSettings
import TestServers
import Testing
import TestTraits

/// Presets (`s`, `p`) and Remote Settings experiments fetched in the background, on the
/// controller with the demo registry and a real store.
@Suite("Menu presets and background experiments", .blocking)
struct MenuPresetsAndExperimentsTests {
    let folder = TemporaryDirectory()

    func open(experiments: String? = nil, policy: ExperimentsFetchPolicy = .fetch) throws -> FlagsEnvironment {
        try RegistryDiscovery.open(FlagsOptions(
            storePath: folder.file("store/prefs.sqlite"), channel: "developer", experiments: experiments, fetchPolicy: policy,
            workingDirectory: folder.path, environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path]))
    }

    func type(_ text: String, into controller: FeatureFlagsDebugViewController) {
        for character in text { controller.handle(.character(character)) }
    }

    func text(_ controller: FeatureFlagsDebugViewController) -> String {
        controller.frame(size: Terminal.Size(rows: 30, columns: 120), layout: ScreenLayout(glyphs: .unicode))
            .map(\.text).joined(separator: "\n")
    }

    // MARK: - Presets

    @Test func sSavesTheStateAndPAppliesItBack() throws {
        let environment = try open()
        let registry = environment.registry
        try environment.provider.setDebugOverride(try registry.flag("tipJar"), to: false)
        try environment.preferences.setPreferenceFor(try registry.flag("spicyMode"), to: true)
        let controller = FeatureFlagsDebugViewController(environment: environment)

        controller.handle(.character("s"))
        #expect(text(controller).contains("Save preset as: ▏"))
        type("lunch", into: controller)
        controller.handle(.enter)
        #expect(controller.screen.message == "Saved preset lunch (1 override, 1 preference).")
        let saved = SavedFlagState.capture(from: try open())
        #expect(try PresetStore(environment: try open()).load("lunch").overrides == saved.overrides)
        #expect(controller.handle(.timeout))
        #expect(controller.screen.message?.hasPrefix("Saved preset") == true, "saving a preset is not an outside change")

        // Change things, from the menu and from another process.
        type("/promo", into: controller)
        controller.handle(.enter)
        controller.handle(.character(" "))
        let other = try open()
        try other.provider.removeDebugOverride(try registry.flag("tipJar"))
        try other.provider.setDebugOverride(try registry.flag("darkKitchen"), to: true)
        controller.handle(.timeout)
        #expect(controller.header.overrideCount == 2)

        controller.handle(.character("p"))
        let chooser = try #require(controller.screen.presetChooser)
        #expect(chooser.items.map(\.name) == ["lunch"])
        #expect(chooser.items.first?.detail == "saved just now")
        // What applying would change, against the store as it is now.
        #expect(chooser.items.first?.changes == "3 changes: darkKitchen override removed, promoBanner override removed, tipJar override off")
        #expect(text(controller).contains("▸ lunch"))
        #expect(text(controller).contains("saved just now · 3 changes: darkKitchen override removed"), "\(text(controller))")
        controller.handle(.enter)

        // promoBanner and darkKitchen removed, tipJar back: 3 changes (the preference was unchanged).
        #expect(controller.screen.message == "applied preset lunch (3 changes)")
        let now = SavedFlagState.capture(from: try open())
        #expect(now.overrides == saved.overrides)
        #expect(now.userPreferences == saved.userPreferences)
        #expect(controller.header.overrideCount == 1)
        #expect(controller.row(.featureFlag("tipJar"))?.isOverridden == true)
        #expect(controller.row(.featureFlag("promoBanner"))?.isOverridden == false)
        #expect(controller.screen.filter == "promo", "the filter is kept")

        // Saving under the same name asks first: n keeps the preset, y replaces it.
        let before = try PresetStore(environment: try open()).load("lunch")
        try other.provider.setDebugOverride(try registry.flag("darkKitchen"), to: true)
        controller.handle(.timeout)
        controller.handle(.character("s"))
        type("lunch", into: controller)
        controller.handle(.enter)
        #expect(controller.screen.pendingConfirmation == .replacePreset(name: "lunch"))
        #expect(text(controller).contains("Preset “lunch” exists. Replace it with the current state? y/n"))
        controller.handle(.character("n"))
        #expect(controller.screen.message == "Save cancelled; preset lunch is unchanged.")
        #expect(try PresetStore(environment: try open()).load("lunch") == before)
        controller.handle(.character("s"))
        type("lunch", into: controller)
        controller.handle(.enter)
        controller.handle(.character("y"))
        #expect(controller.screen.message?.hasPrefix("Replaced preset lunch") == true)
        #expect(try PresetStore(environment: try open()).load("lunch").overrides["darkKitchen"] == true)
        // Applying the preset just saved would change nothing.
        controller.handle(.character("p"))
        #expect(controller.screen.presetChooser?.items.first?.changes == "no changes")
        controller.handle(.escape)

        // An invalid name is refused with the reason.
        controller.handle(.character("s"))
        type("no spaces", into: controller)
        controller.handle(.enter)
        #expect(controller.screen.message?.contains("must be 1-64 letters, digits") == true, "\(controller.screen.message ?? "")")
        #expect(PresetStore(environment: try open()).list().map(\.name) == ["lunch"])
    }

    @Test func pWithoutPresetsSaysHowToMakeOne() throws {
        let controller = FeatureFlagsDebugViewController(environment: try open())
        controller.handle(.character("p"))
        #expect(controller.screen.presetChooser?.items.isEmpty == true)
        #expect(text(controller).contains("no presets yet — press s to save one"))
        controller.handle(.escape)
        #expect(controller.screen.presetChooser == nil)
    }

    @Test func aPresetDeletedMeanwhileIsReportedNotApplied() throws {
        let environment = try open()
        try PresetStore(environment: environment).save("gone", state: SavedFlagState.capture(from: environment))
        let controller = FeatureFlagsDebugViewController(environment: environment)
        controller.handle(.character("p"))
        try PresetStore(environment: try open()).delete("gone")
        controller.handle(.enter)
        #expect(controller.screen.message?.contains("no preset named 'gone'") == true, "\(controller.screen.message ?? "")")
    }

    // MARK: - Experiments from a server

    /// Polls the controller as the menu loop does on `.timeout`, until the fetch is over.
    func waitForFetch(_ controller: FeatureFlagsDebugViewController, timeout: Double = 15) {
        let deadline = Date().addingTimeInterval(timeout)
        while controller.isFetchingExperiments && Date() < deadline {
            controller.handle(.timeout)
            usleep(20_000)
        }
    }

    @Test func anUnreachableServerShowsTheCachedRecordsAndWhy() throws {
        let url = "http://127.0.0.1:1/v1/buckets/main/collections/nimbus-mobile-experiments/records"
        // Records cached three minutes ago by an earlier fetch.
        let seed = try open(experiments: url, policy: .cacheOnly)
        try PrefsRemoteSettingsCache(prefs: seed.prefs, url: try #require(URL(string: url))).save(RemoteSettingsCacheEntry(
            recordsText: #"{"data": []}"#, etag: "\"1\"", fetchedAt: Date().addingTimeInterval(-185), backoffUntil: nil))

        let controller = FeatureFlagsDebugViewController(environment: try open(experiments: url, policy: .cacheOnly))
        #expect(controller.experimentsStatus == "experiments: cached 3m ago — offline")
        #expect(controller.fetchExperimentsInBackground())
        #expect(controller.experimentsStatus == "experiments: fetching…")
        #expect(!controller.fetchExperimentsInBackground(), "one fetch at a time")
        waitForFetch(controller)
        #expect(!controller.isFetchingExperiments)
        #expect(controller.experimentsStatus == "experiments: cached 3m ago — server unreachable")
        #expect(text(controller).contains("experiments: cached 3m ago — server unreachable"))
        #expect(controller.screen.message == nil, "writing the cache is not an outside change")
    }

    @Test func anUnreachableServerWithNothingCachedSaysDefaultsAreUsed() throws {
        let url = "http://127.0.0.1:1/v1/buckets/main/collections/nimbus-mobile-experiments/records"
        let controller = FeatureFlagsDebugViewController(environment: try open(experiments: url, policy: .cacheOnly))
        #expect(controller.experimentsStatus == "experiments: none cached — offline")
        controller.fetchExperimentsInBackground()
        waitForFetch(controller)
        #expect(controller.experimentsStatus == "experiments: none — server unreachable; defaults used")
    }

    @Test(.enabled(if: ServerProcess.isPythonAvailable, "the fixed-answer server needs python3 (with http.server) on PATH"))
    func aSlowServerNeverHoldsUpTheMenu() throws {
        let server = try FixedAnswerServer.start()
        defer { server.stop() }
        let url = server.client("slow").recordsURL.absoluteString   // answers after 3 s
        let controller = FeatureFlagsDebugViewController(environment: try open(experiments: url, policy: .cacheOnly))
        type("/o", into: controller)
        controller.handle(.enter)
        controller.handle(.down)
        let selected = controller.screen.selectedRow?.id

        controller.fetchExperimentsInBackground()
        controller.handle(.timeout)
        // The server answers after 3 s: a frame that says "fetching" was drawn without waiting for it.
        #expect(text(controller).contains("experiments: fetching…"), "the first frame does not wait for the server")
        controller.handle(.character("c"))
        #expect(controller.previewChannel == "beta", "keys work while fetching")

        waitForFetch(controller)
        #expect(controller.experimentsStatus == "experiments: fresh")
        #expect(controller.environment.experiments.remote?.status == .fresh)
        #expect(controller.previewChannel == "beta", "the preview is kept")
        #expect(controller.previewed.channel == "beta")
        #expect(controller.screen.filter == "o")
        #expect(controller.screen.selectedRow?.id == selected, "the selection is kept")
    }

    @Test func fileExperimentsHaveNoStatusAndNoFetch() throws {
        let controller = FeatureFlagsDebugViewController(environment: try open())
        #expect(controller.experimentsStatus == nil)
        #expect(!controller.fetchExperimentsInBackground())
        #expect(!text(controller).contains("experiments:"))
    }
}
