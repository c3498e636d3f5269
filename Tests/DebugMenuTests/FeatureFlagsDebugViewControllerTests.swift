import DebugMenu
import FeatureFlags
import FlagsTool
import FeatureFlagsTestSupport
import Foundation
import Testing

/// The controller on the built-in demo, with a real SQLite store in a temporary folder.
@Suite("FeatureFlagsDebugViewController")
struct FeatureFlagsDebugViewControllerTests {
    let folder = TemporaryDirectory()

    /// A fresh environment on the test's store; a second one acts as "another process".
    func open(channel: BuildChannel = .developer) throws -> FlagsEnvironment {
        try RegistryDiscovery.open(FlagsOptions(
            storePath: folder.file("store/prefs.sqlite"), channel: ChannelName(channel), workingDirectory: folder.path,
            environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path]))
    }

    func toggleRow(_ controller: FeatureFlagsDebugViewController, _ id: String) throws -> (isOn: Bool, isOverridden: Bool, source: String, hidden: String?) {
        let row = try #require(controller.row(.featureFlag(id)))
        guard case .toggle(let isOn, let isOverridden, let source, let hidden) = row.kind else {
            Issue.record("\(id) is not a toggle: \(row.kind)")
            return (false, false, "", nil)
        }
        return (isOn, isOverridden, source, hidden)
    }

    func type(_ text: String, into controller: FeatureFlagsDebugViewController) {
        for character in text { controller.handle(.character(character)) }
    }

    @Test func rowsCoverTheFourSections() throws {
        let environment = try open()
        let controller = FeatureFlagsDebugViewController(environment: environment, isDemo: true)
        let registry = environment.registry

        let settings = controller.generateFeatureFlagToggleSettings()
        #expect(settings.map(\.featureFlagID) == registry.debuggableFlags)
        #expect(settings.map(\.titleText) == settings.map(\.titleText).sorted { $0.lowercased() < $1.lowercased() })
        #expect(settings.allSatisfy { $0.isOn == environment.provider.isEnabled($0.featureFlagID) })

        func rows(_ section: MenuSection) -> [MenuRow] { controller.rows.filter { $0.section == section } }
        #expect(rows(.featureFlags).map(\.id) == registry.debuggableFlags.map { "flag:\($0.rawValue)" })
        #expect(rows(.featureFlags).map(\.title) == settings.map(\.titleText))
        #expect(rows(.userPreferences).count == registry.flags.filter { $0.userPrefsKey != nil }.count + registry.preferences.count)
        #expect(rows(.userPreferences).contains { if case .choice = $0.kind { true } else { false } })
        #expect(rows(.buildOnlyStatus).map(\.id) == registry.flags.map { "status:\($0.rawValue)" })
        #expect(rows(.buildOnlyStatus).allSatisfy { !$0.isActionable })
        #expect(rows(.buildFlags).map(\.title) == registry.buildFlags.map(\.name) && !registry.buildFlags.isEmpty)

        let header = controller.header
        #expect(header.appName == "bibimbap")
        #expect(header.statusNote == "demo")
        #expect(FeatureFlagsDebugViewController(environment: environment).header.statusNote == nil, "an app's registry is no demo")
        #expect(header.flagCount == registry.flags.count)
        #expect(header.overrideCount == 0)
        #expect(header.storePath == folder.file("store/prefs.sqlite"))

        let text = controller.frame(size: Terminal.Size(rows: 60, columns: 100)).map(\.text).joined(separator: "\n")
        for title in ["Feature Flags (", "User Preferences (", "Build only status (", "Build flags ("] {
            #expect(text.contains(title), "missing section \(title) in\n\(text)")
        }
    }

    @Test func spaceOnARowWritesTheOverrideToTheStore() throws {
        let controller = FeatureFlagsDebugViewController(environment: try open())
        let before = try toggleRow(controller, "promoBanner")
        #expect(!before.isOverridden)

        type("/promo", into: controller)
        controller.handle(.enter)
        #expect(controller.screen.selectedRow?.id == "flag:promoBanner")
        controller.handle(.character(" "))

        let other = try open()   // another connection, as another process would have
        let flag = try other.registry.flag("promoBanner")
        #expect(other.prefs.boolForKey("promoBannerDebugKey") == !before.isOn)
        #expect(other.provider.state(of: flag).source == .override)
        let after = try toggleRow(controller, "promoBanner")
        #expect(after.isOn == !before.isOn)
        #expect(after.isOverridden)
        #expect(after.source.hasPrefix("override"))
        #expect(after.hidden == "default \(before.isOn ? "on" : "off")")
        #expect(controller.header.overrideCount == 1)
        #expect(controller.screen.filter == "promo", "the filter survives the reload")
        #expect(controller.screen.selectedRow?.id == "flag:promoBanner")

        // The marker survives ASCII and no color: "*" before the title.
        let line = controller.frame(size: Terminal.Size(rows: 24, columns: 100)).map(\.text).first { $0.contains("Promo Banner") }
        #expect(line?.contains("* Promo Banner") == true, "\(line ?? "no line")")
    }

    /// The store's file moved away under the controller: it says so in the header, opens the
    /// path again, and the next toggle lands in the store at the path.
    @Test func aStoreMovedAwayIsReopenedBeforeTheNextWrite() throws {
        let path = folder.file("store/prefs.sqlite")
        let controller = FeatureFlagsDebugViewController(environment: try open())
        #expect(rename(path, path + ".moved") == 0)
        type("/promo", into: controller)
        controller.handle(.enter)
        controller.handle(.character(" "))
        #expect(controller.header.statusNote?.contains("store moved away or deleted: reopened") == true, "\(controller.header)")
        #expect(try open().prefs.allEntries().keys.contains("promoBannerDebugKey"), "the override is in the store at the path")
        #expect(controller.environment.prefs.changeAtPath() == nil)
    }

    /// Another store moved into the path: the controller shows its overrides.
    @Test func aStoreReplacedIsShown() throws {
        let path = folder.file("store/prefs.sqlite"), other = folder.file("store/other.sqlite")
        let controller = FeatureFlagsDebugViewController(environment: try open())
        #expect(controller.header.overrideCount == 0)
        do {
            let replacement = try RegistryDiscovery.open(FlagsOptions(
                storePath: other, channel: "developer", workingDirectory: folder.path,
                environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path]))
            try replacement.provider.setDebugOverride(try replacement.registry.flag("tipJar"), to: false)
        }
        #expect(rename(other, path) == 0)
        #expect(controller.followStoreAtPath(), "\(controller.screen.message ?? "")")
        #expect(controller.header.statusNote?.contains("store replaced by another file: reopened") == true, "\(controller.header)")
        #expect(controller.header.overrideCount == 1)
        #expect(try toggleRow(controller, "tipJar").isOverridden)
    }

    @Test func xRemovesTheOverrideOfTheSelectedFlag() throws {
        let environment = try open()
        try environment.provider.setDebugOverride(try environment.registry.flag("reviews"), to: false)
        let controller = FeatureFlagsDebugViewController(environment: environment)
        #expect(try toggleRow(controller, "reviews").isOverridden)

        type("/reviews", into: controller)
        controller.handle(.enter)
        controller.handle(.character("x"))

        #expect(try open().prefs.boolForKey("reviewsDebugKey") == nil)
        let row = try toggleRow(controller, "reviews")
        #expect(!row.isOverridden)
        #expect(row.source == "default")
        #expect(controller.header.overrideCount == 0)
    }

    /// Rows off screen keep their values pending until needed; a key acting on one, the reset
    /// question and `rows` must still see what the store says.
    @Test func rowsOffScreenWorkOutTheirValuesWhenUsed() throws {
        let other = try open()
        try other.provider.setDebugOverride(try other.registry.flag("tipJar"), to: false)
        try other.provider.setDebugOverride(try other.registry.flag("allergenInfo"), to: true)
        let environment = try open()
        let controller = FeatureFlagsDebugViewController(environment: environment)
        _ = controller.frame(size: Terminal.Size(rows: 9, columns: 100))
        #expect(controller.screen.rows.contains { $0.isPending }, "a 9-line terminal shows a few rows; the rest wait")
        #expect(!controller.screen.rows[controller.screen.rowIndicesInViewport[0]].isPending)

        controller.handle(.character("R"))
        #expect(controller.screen.pendingConfirmation == .resetAll(overrideCount: 2), "counted on pending rows too")
        controller.handle(.character("n"))

        // Select Tip Jar (never drawn) and toggle it in the same burst of keys, with no frame between.
        let tipJar = try environment.registry.flag("tipJar")
        #expect(!environment.provider.isEnabled(tipJar))
        controller.handle(.character("/"))
        type("tip jar", into: controller)
        controller.handle(.enter)
        controller.handle(.character(" "))
        #expect(try open().provider.isEnabled(tipJar), "the toggle flipped the stored override")
        #expect(try toggleRow(controller, "tipJar") == (true, true, "override \u{00B7} now", "default on"))
        #expect(controller.rows.allSatisfy { !$0.isPending })
    }

    /// A forced branch and a feature value have no row of their own, but the header counts them
    /// and `R` resets them too, so "No overrides to reset" never hides one.
    @Test func resetAllCountsAndClearsForcedBranchesAndFeatureValues() throws {
        let controller = FeatureFlagsDebugViewController(environment: try open())
        let store = NimbusOverrideStore(prefs: try open().prefs)
        try store.forceBranch("treatment", of: "new-menu-test")
        try store.setFeatureValue(.int(5), variable: "spice-level", of: "bibimbap-feature")
        controller.handle(.timeout)
        #expect(controller.header.overrideCount == 0)
        #expect(controller.header.nimbusOverrideCount == 2)
        #expect(controller.frame(size: Terminal.Size(rows: 30, columns: 120))[1].text.contains("0 overridden | 2 Nimbus overrides"))

        controller.handle(.character("R"))
        #expect(controller.screen.pendingConfirmation == .resetAll(overrideCount: 2))
        controller.handle(.character("y"))
        #expect(store.overrides == .none)
        #expect(controller.header.nimbusOverrideCount == 0)
        controller.handle(.character("R"))
        #expect(controller.screen.message == "No overrides to reset.")
    }

    @Test func resetAllAsksThenClearsEveryOverride() throws {
        let controller = FeatureFlagsDebugViewController(environment: try open())
        let other = try open()
        try other.provider.setDebugOverride(try other.registry.flag("tipJar"), to: false)
        try other.provider.setDebugOverride(try other.registry.flag("darkKitchen"), to: true)
        controller.handle(.timeout)
        #expect(controller.header.overrideCount == 2)

        controller.handle(.character("R"))
        #expect(controller.screen.pendingConfirmation == .resetAll(overrideCount: 2))
        controller.handle(.character("n"))
        #expect(try open().provider.removeAllDebugOverrides() == 2, "n must not reset")

        try other.provider.setDebugOverride(try other.registry.flag("tipJar"), to: false)
        controller.handle(.timeout)
        controller.handle(.character("R"))
        controller.handle(.character("y"))
        #expect(try open().prefs.allEntries().keys.filter { $0.hasSuffix("DebugKey") }.isEmpty)
        #expect(controller.rows.allSatisfy { !$0.isOverridden })
        #expect(controller.header.overrideCount == 0)
        #expect(controller.screen.message == "Removed 1 override.")
    }

    @Test func typedPreferenceCyclesThroughItsVariants() throws {
        let environment = try open()
        let controller = FeatureFlagsDebugViewController(environment: environment)
        let preference = try environment.registry.preference("startAtHome")
        let start = environment.preferences.getPreferenceFor(preference)
        var seen = [start]
        for _ in preference.variants.indices {
            controller.perform(.cycle(rowID: "typed:startAtHome"))
            let stored = try open().preferences.storedPreference(for: preference)
            let current = try #require(stored)
            seen.append(current)
            let row = try #require(controller.row(.typedPreference("startAtHome")))
            #expect(row.kind == .choice(value: current + " (user choice)", variants: preference.variants))
        }
        #expect(seen.last == start, "a full cycle comes back: \(seen)")
        #expect(Set(seen) == Set(preference.variants))

        controller.perform(.removeOverride(rowID: "typed:startAtHome"))
        #expect(try open().preferences.storedPreference(for: preference) == nil)
    }

    /// What `x` does on each kind of row, as the help's `x` line says: a flag's override, a bool
    /// preference's and a typed preference's stored choice go, and pressing it again says so.
    @Test func xOnEachKindOfRowDoesWhatTheHelpSays() throws {
        let environment = try open()
        let registry = environment.registry
        let spicy = try registry.flag("spicyMode")
        let startAtHome = try registry.preference("startAtHome")
        try environment.preferences.setPreferenceFor(spicy, to: true)
        try environment.preferences.setPreferenceFor(startAtHome, to: startAtHome.variants[0])
        let controller = FeatureFlagsDebugViewController(environment: environment)
        func pressX(on rowID: MenuRowID) -> String? {
            type("/" + rowID.rawValue.lowercased(), into: controller)
            controller.handle(.enter)
            #expect(controller.screen.selectedRow?.id == rowID.rawValue)
            controller.handle(.character("x"))
            let message = controller.screen.message
            controller.handle(.escape)  // clears the filter for the next row
            return message
        }
        let x = try #require(MenuKeyBindings.rows.first { $0.keys.contains { $0.trigger == .key(.character("x")) } })
        #expect(x.helpText == "remove a flag's override or a preference's stored choice")

        #expect(pressX(on: .featureFlag("tipJar"))?.hasSuffix("has no override.") == true)
        #expect(pressX(on: .userPreference("spicyMode"))?.contains("stored choice removed") == true)
        #expect(try open().preferences.storedPreference(for: spicy) == nil, "x clears a bool preference's choice")
        let spicyRow = try #require(controller.row(.userPreference("spicyMode")))
        if case .toggle(_, _, let source, _) = spicyRow.kind { #expect(source != "user choice") }
        #expect(pressX(on: .userPreference("spicyMode"))?.hasSuffix("has no stored choice.") == true)
        #expect(pressX(on: .typedPreference("startAtHome"))?.contains("stored choice removed") == true)
        #expect(try open().preferences.storedPreference(for: startAtHome) == nil)
        #expect(pressX(on: .typedPreference("startAtHome"))?.hasSuffix("has no stored choice.") == true)
        #expect(pressX(on: .buildStatus("tipJar"))?.hasSuffix("is read-only.") == true)
    }

    /// The filter searches the source column of rows never drawn (still pending): an override,
    /// a rollout's slug; and Build only status starts collapsed but shows its matches.
    @Test func theFilterFindsRowsByTheirSourceBeforeTheyAreDrawn() throws {
        let environment = try open()
        try environment.provider.setDebugOverride(try environment.registry.flag("tipJar"), to: false)
        let controller = FeatureFlagsDebugViewController(environment: environment)
        #expect(controller.screen.collapsedSections == [.buildOnlyStatus])
        type("/override", into: controller)
        let overridden = (0 ..< controller.screen.visibleRowCount).map { controller.screen.visibleRow(at: $0).id }
        #expect(overridden.first == "flag:tipJar", "\(overridden)")
        controller.handle(.escape)
        type("/dark-kitchen-rollout", into: controller)
        let rollout = Set((0 ..< controller.screen.visibleRowCount).map { controller.screen.visibleRow(at: $0).id })
        // The rollout's own row in the Experiments section too.
        #expect(rollout == ["flag:darkKitchen", "status:darkKitchen", "experiment:dark-kitchen-rollout"], "\(rollout)")
        // What is drawn is the row in full, not the text the filter searched.
        let text = controller.frame(size: Terminal.Size(rows: 30, columns: 120)).map(\.text).joined(separator: "\n")
        #expect(text.contains("rollout dark-kitchen-rollout"), "\(text)")
    }

    @Test func boolPreferenceToggleWritesTheUserPrefsKey() throws {
        let environment = try open()
        let controller = FeatureFlagsDebugViewController(environment: environment)
        let flag = try environment.registry.flag("spicyMode")
        let before = environment.preferences.getPreferenceFor(flag)
        controller.perform(.toggle(rowID: "pref:spicyMode"))
        #expect(try open().preferences.storedPreference(for: flag) == !before)
        let row = try #require(controller.row(.userPreference("spicyMode")))
        #expect(row.kind == .toggle(isOn: !before, isOverridden: false, sourceText: "user choice", hiddenValueText: nil))
        #expect(try open().prefs.boolForKey("spicyModeDebugKey") == nil, "a preference is not an override")
    }

    @Test func releasePreviewShowsOverridesAsInactive() throws {
        let environment = try open()
        let flag = try environment.registry.flag("seasonalMenu")
        // The release value may differ from developer's (manifest defaults per channel).
        let nimbus = environment.previewing(.release).provider.state(of: flag).nimbus.enabled
        try environment.provider.setDebugOverride(flag, to: !nimbus)
        let controller = FeatureFlagsDebugViewController(environment: environment)
        #expect(try toggleRow(controller, "seasonalMenu").isOverridden)

        controller.handle(.character("c"))
        #expect(controller.previewChannel == "beta")
        #expect(try toggleRow(controller, "seasonalMenu").isOverridden, "beta honors overrides")
        controller.handle(.character("c"))
        #expect(controller.previewChannel == "release")
        #expect(controller.header.previewChannel == "release")

        let row = try toggleRow(controller, "seasonalMenu")
        #expect(!row.isOverridden)
        #expect(row.isOn == nimbus)
        #expect(row.hidden == "override \(nimbus ? "off" : "on") inactive")
        let status = try #require(controller.row(.buildStatus("seasonalMenu")))
        #expect(status.kind == .readOnly(valueText: "\(nimbus ? "on" : "off") · default (override \(nimbus ? "off" : "on") inactive)"))
        #expect(controller.screen.message?.contains("inactive") == true)

        controller.handle(.character("c"))
        #expect(controller.previewChannel == "developer")
        #expect(try toggleRow(controller, "seasonalMenu").isOverridden)
    }

    /// `c` previews the matching distribution's build flags too: the demo's unfinished
    /// `featureX` is on in a debug build, on in TestFlight (beta) and off in the App Store (release).
    @Test func previewingAChannelShowsThatDistributionsBuildFlags() throws {
        let controller = FeatureFlagsDebugViewController(environment: try open())
        func featureX() throws -> MenuRow { try #require(controller.row(.buildFlag("featureX"))) }
        #expect(try featureX().kind == .readOnly(valueText: "true"))
        #expect(try featureX().statusText.hasPrefix("\(Distribution.current.rawValue) build; debug on · testflight on · appstore off"))
        controller.handle(.character("c"))
        #expect(try featureX().kind == .readOnly(valueText: "true") && featureX().statusText.hasPrefix("testflight build"))
        controller.handle(.character("c"))
        #expect(try featureX().kind == .readOnly(valueText: "false") && featureX().statusText.hasPrefix("appstore build"))
        #expect(try #require(controller.row(.buildFlag("requirePaywall"))).kind == .readOnly(valueText: "true"))
    }

    @Test func changesByAnotherProcessAppearOnTimeoutKeepingSelectionAndFilter() throws {
        let controller = FeatureFlagsDebugViewController(environment: try open())
        type("/a", into: controller)
        controller.handle(.enter)
        controller.handle(.down)
        let selected = controller.screen.selectedRow?.id
        #expect(controller.handle(.timeout))
        #expect(controller.screen.message == nil, "nothing changed, nothing reloaded")

        let other = try open()
        try other.provider.setDebugOverride(try other.registry.flag("allergenInfo"), to: false)
        controller.handle(.timeout)

        let row = try toggleRow(controller, "allergenInfo")
        #expect(row.isOverridden && !row.isOn)
        #expect(controller.screen.selectedRow?.id == selected)
        #expect(controller.screen.filter == "a")
        #expect(controller.screen.message?.contains("reloaded") == true)
        #expect(controller.header.overrideCount == 1)
    }

    @Test func overrideAgeIsShownAndAges() throws {
        final class Clock { var offset: Double = 0 }
        let clock = Clock()
        let environment = try open()
        try environment.provider.setDebugOverride(try environment.registry.flag("loyaltyCard"), to: true)
        let controller = FeatureFlagsDebugViewController(environment: environment) {
            Date().timeIntervalSince1970 + clock.offset
        }
        #expect(try toggleRow(controller, "loyaltyCard").source == "override · now")
        clock.offset = 5 * 60 + 10
        controller.handle(.timeout)
        #expect(try toggleRow(controller, "loyaltyCard").source == "override · 5m")
        #expect(OverrideAge.text(setAt: 0, now: 3 * 3_600) == "3h")
        #expect(OverrideAge.text(setAt: 0, now: 2 * 86_400 + 5) == "2d")
    }

    @Test func readOnlyRowsAndQuit() throws {
        let controller = FeatureFlagsDebugViewController(environment: try open())
        controller.handle(.character("G"))
        // The last section is Experiments, one read-only row per record.
        #expect(controller.screen.selectedRow?.section == .experiments)
        #expect(controller.handle(.character(" ")))
        #expect(controller.screen.message?.contains("read-only") == true)
        #expect(!controller.handle(.character("q")))
        #expect(!controller.handle(.terminationSignal(15)))
    }

    @Test func rowIDsRoundTrip() {
        let ids: [MenuRowID] = [.featureFlag("a"), .userPreference("b:c"), .typedPreference("d"), .buildStatus("e"), .buildFlag("f"), .experiment("g:h")]
        for id in ids { #expect(MenuRowID(rawValue: id.rawValue) == id) }
        #expect(MenuRowID(rawValue: "nonsense") == nil)
    }
}
