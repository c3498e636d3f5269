import DebugMenu
import FeatureFlags
import FlagsTool
import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing

/// The detail pane on the built-in demo, through the controller and a real SQLite store: what it
/// says about a flag, a preference and a build flag, and feature values edited in it.
@Suite("Menu detail pane")
struct MenuDetailPaneTests {
    let folder = TemporaryDirectory()

    func open(channel: BuildChannel = .developer) throws -> FlagsEnvironment {
        try RegistryDiscovery.open(FlagsOptions(
            storePath: folder.file("store/prefs.sqlite"), channel: ChannelName(channel), workingDirectory: folder.path,
            environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path]))
    }

    func type(_ text: String, into controller: FeatureFlagsDebugViewController) {
        for character in text { controller.handle(.character(character)) }
    }

    /// Selects the row the filter `text` finds first, keeps the filter, and opens its pane.
    func openPane(_ filter: String, in controller: FeatureFlagsDebugViewController) throws -> DetailPane {
        _ = text(controller)  // the terminal's size, as the menu knows it before any key
        type("/" + filter, into: controller)
        controller.handle(.enter)
        controller.handle(.enter)
        return try #require(controller.screen.detailPane, "no pane for \(filter)")
    }

    func text(_ controller: FeatureFlagsDebugViewController) -> String {
        controller.frame(size: Terminal.Size(rows: 80, columns: 130)).map(\.text).joined(separator: "\n")
    }

    /// Moves the pane's selection to variable `name`.
    func select(_ name: String, in controller: FeatureFlagsDebugViewController) {
        for _ in 0 ..< 60 where controller.screen.detailPane?.selectedVariable?.name != name { controller.handle(.down) }
    }

    func source(of flag: String, in controller: FeatureFlagsDebugViewController) -> String? {
        guard case .toggle(_, _, let source, _)? = controller.row(.featureFlag(flag))?.kind else { return nil }
        return source
    }

    /// bibimbap-feature's spice level for this client: the new-menu-test branch's, else the default.
    func spiceLevel(_ environment: FlagsEnvironment) -> Int {
        (environment.experiments.resolved["bibimbap-feature"]?.value["spice-level"]
            ?? environment.registry.manifest.defaultValue(forFeature: "bibimbap-feature", channel: environment.channel)["spice-level"])?.intValue ?? -1
    }

    func storedOverrides(_ environment: FlagsEnvironment) -> [String: [String: JSONValue]] {
        NimbusOverrideStore(prefs: environment.prefs).overrides.featureValues
    }

    @Test func aFlagsPaneShowsEveryLayerTheFeaturesJSONAndWhereBothAreWritten() throws {
        let environment = try open()
        let controller = FeatureFlagsDebugViewController(environment: environment, glyphs: .ascii)
        let pane = try openPane("tip jar", in: controller)
        #expect(pane.rowID == "flag:tipJar" && pane.copyText == "tipJar")
        let screen = text(controller)
        let lines = pane.lines.map(\.text)
        for expected in ["id                    tipJar", "feature               tip-jar-feature", "variable              enabled",
                         "debug key             tipJarDebugKey"] {
            #expect(lines.contains { $0.contains(expected) }, "\(expected)\n\(screen)")
        }
        // A default for each of the manifest's channels, the one previewed marked, and it wins.
        let developer = try #require(lines.first { $0.contains("default developer") })
        #expect(developer.contains("true (this channel)") && developer.contains("<- wins") == false && developer.contains("\u{2190} wins"))
        #expect(lines.contains { $0.contains("default beta") && $0.contains("false") && !$0.contains("wins") })
        #expect(lines.contains { $0.contains("default release") && !$0.contains("wins") })
        for layer in ["rollout", "experiment", "forced branch", "feature override", "debug override"] {
            #expect(lines.contains { $0.hasPrefix("  \(layer) ") }, "\(layer)\n\(screen)")
        }
        // The whole value, one variable a selectable line with its source.
        #expect(lines.contains("{") && lines.contains("}"))
        let enabled = try #require(pane.lines.first { $0.variable?.name == "enabled" })
        #expect(enabled.text.contains("\"enabled\": true,") && enabled.text.contains("default") && enabled.text.contains("Boolean"))
        #expect(enabled.variable?.editor == .toggle(true))
        #expect(pane.lines.first { $0.variable?.name == "presets" }?.variable?.editor == .json("[1000,2000,5000]"))
        #expect(lines.contains("    1000,") && lines.contains("    5000"), "indented JSON: \(lines)")
        // Where: the registry's line of the flag, the manifest's of the feature and variable.
        let flag = try environment.registry.flag("tipJar")
        let registryLine = try #require(flag.definition.location?.line)
        let registryText = try String(contentsOfFile: environment.registry.path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(registryText[registryLine - 1].contains("tipJar:"))
        #expect(lines.contains { $0.contains("flag") && $0.hasSuffix("feature-flags.yaml:\(registryLine)") }, "\(screen)")
        let feature = try #require(environment.registry.manifest.feature("tip-jar-feature"))
        #expect(lines.contains { $0.contains("feature") && $0.hasSuffix(":\(feature.location.line)") })
        #expect(lines.contains { $0.contains("Experiments and rollouts on tip-jar-feature (1)") })
        #expect(lines.contains { $0.contains("korean-tip-jar") && $0.contains("branches") }, "the demo's record on the feature: \(lines)")
        // Esc: the rows again, at the same row.
        controller.handle(.escape)
        #expect(controller.screen.detailPane == nil && controller.screen.selectedRow?.id == "flag:tipJar")
    }

    @Test func theExperimentOnAFeatureIsListedWithThisClientsStatusAndReason() throws {
        let controller = FeatureFlagsDebugViewController(environment: try open())
        let pane = try openPane("bibimbap menu", in: controller)
        let lines = pane.lines.map(\.text)
        #expect(lines.contains { $0.contains("Experiments and rollouts on bibimbap-feature (1)") }, "\(lines)")
        let record = try #require(lines.firstIndex { $0.contains("new-menu-test") && $0.contains("branches control, treatment") })
        let environment = controller.previewed
        let result = try #require(environment.experiments.result(for: "new-menu-test"))
        let reason = environment.experiments.explanation(of: result)
        #expect(lines[(record + 1)...].joined(separator: " ").contains(String(reason.prefix(30))), "\(reason)\n\(lines)")
        #expect(lines.contains { $0.contains("user preference") }, "the flag has a userPrefsKey")
        // The client's bucket decides the branch (its nimbus id is new with each store).
        let spice = try #require(pane.lines.first { $0.variable?.name == "spice-level" })
        #expect(spice.variable?.editor == .text(String(spiceLevel(environment))))
        if let branch = result.branch {
            let sets = branch.value(for: "bibimbap-feature")?["spice-level"] != nil
            #expect(spice.text.contains(sets ? "experiment new-menu-test/\(branch.slug)" : "default"), "\(spice.text)")
            #expect(lines.contains { $0.contains("experiment") && $0.contains("new-menu-test/\(branch.slug)") && $0.contains("wins") })
        }
    }

    @Test func editingABooleanStoresAFeatureOverrideTheRowShowsAndUUndoes() throws {
        let environment = try open()
        let controller = FeatureFlagsDebugViewController(environment: environment)
        _ = try openPane("tip jar", in: controller)
        #expect(controller.screen.detailPane?.selectedVariable?.name == "enabled")
        controller.handle(.enter)
        #expect(storedOverrides(environment)["tip-jar-feature"] == ["enabled": .bool(false)])
        #expect(controller.screen.message?.contains("tip-jar-feature.enabled = false stored as a feature override") == true)
        #expect(source(of: "tipJar", in: controller) == "feature override")
        #expect(!controller.previewed.provider.isEnabled(try environment.registry.flag("tipJar")))
        // The pane follows at once: the override's layer wins, the variable's source says so.
        _ = text(controller)
        let lines = try #require(controller.screen.detailPane).lines.map(\.text)
        #expect(lines.contains { $0.contains("feature override") && $0.contains("false") && $0.contains("wins") }, "\(lines)")
        #expect(lines.contains { $0.contains("\"enabled\": false,") && $0.contains("feature override") })
        #expect(controller.screen.detailPane?.selectedVariable?.isOverridden == true)
        // u takes it back, like any change made in the menu.
        controller.handle(.character("u"))
        #expect(storedOverrides(environment)["tip-jar-feature"] == nil)
        #expect(source(of: "tipJar", in: controller) == "default")
    }

    @Test func anIntIsTypedAndAWrongTypeIsRefusedWithTheReason() throws {
        let environment = try open()
        let controller = FeatureFlagsDebugViewController(environment: environment)
        _ = try openPane("bibimbap menu", in: controller)
        select("spice-level", in: controller)
        controller.handle(.enter)
        let before = spiceLevel(controller.previewed)
        #expect(controller.screen.prompt?.text == "\(before)", "the current value is typed already")
        controller.handle(.backspace)
        type("hot", into: controller)
        controller.handle(.enter)
        #expect(controller.screen.message == "Not stored: expected a whole number such as 42, found `hot`.")
        #expect(storedOverrides(environment).isEmpty, "a refusal stores nothing")
        controller.handle(.enter)
        controller.handle(.backspace)
        type("5", into: controller)
        controller.handle(.enter)
        #expect(storedOverrides(environment)["bibimbap-feature"] == ["spice-level": .int(5)])
        // x removes it again.
        controller.handle(.character("x"))
        #expect(storedOverrides(environment).isEmpty)
        #expect(controller.screen.message?.contains("feature override removed, now \(before)") == true, "\(controller.screen.message ?? "")")
    }

    @Test func aTextIsOfferedAsItIsAndAQuotedOneInJSONQuotesSoEnterKeepsIt() throws {
        let environment = try open()
        let controller = FeatureFlagsDebugViewController(environment: environment)
        _ = try openPane("promo banner", in: controller)
        select("message", in: controller)
        #expect(controller.screen.detailPane?.selectedVariable?.editor == .text("Free kimchi with every bowl"))
        try NimbusOverrideStore(prefs: environment.prefs).setFeatureValue(.string("\"quoted\""), variable: "message", of: "promo-banner-feature")
        controller.handle(.timeout)
        _ = text(controller)
        #expect(controller.screen.detailPane?.selectedVariable?.editor == .text(#""\"quoted\"""#))
        controller.handle(.enter)
        controller.handle(.enter)
        #expect(storedOverrides(environment)["promo-banner-feature"] == ["message": .string("\"quoted\"")], "unchanged")
    }

    @Test func anEnumTakesItsNextVariantAndJSONIsChecked() throws {
        let environment = try open()
        let controller = FeatureFlagsDebugViewController(environment: environment)
        _ = try openPane("seasonal menu", in: controller)
        select("season", in: controller)
        guard case .variants(let variants, let current)? = controller.screen.detailPane?.selectedVariable?.editor else {
            Issue.record("season is no enum: \(String(describing: controller.screen.detailPane?.selectedVariable))")
            return
        }
        let line = try #require(controller.screen.detailPane?.lines.first { $0.variable?.name == "season" }).text
        #expect(line.contains("Season: " + variants.joined(separator: " | ")), "the variants Enter walks through: \(line)")
        controller.handle(.enter)
        let next = variants[(variants.firstIndex(of: current ?? "")! + 1) % variants.count]
        #expect(storedOverrides(environment)["seasonal-menu-feature"] == ["season": .string(next)])
        select("card", in: controller)
        controller.handle(.enter)
        type("x", into: controller)
        controller.handle(.enter)
        #expect(controller.screen.message?.hasPrefix("Not stored: expected JSON for MenuCard") == true, "\(controller.screen.message ?? "")")
        #expect(storedOverrides(environment)["seasonal-menu-feature"]?["card"] == nil)
    }

    @Test func aReleasePreviewShowsOverridesInactiveAndRefusesEdits() throws {
        let environment = try open()
        try NimbusOverrideStore(prefs: environment.prefs).setFeatureValue(.bool(false), variable: "enabled", of: "tip-jar-feature")
        let controller = FeatureFlagsDebugViewController(environment: environment)
        controller.preview("release")
        let pane = try openPane("tip jar", in: controller)
        #expect(pane.editingRefusal?.contains("release preview honors no override") == true)
        #expect(pane.lines.contains { $0.text.contains("feature override") && $0.text.contains("inactive in this preview") })
        controller.handle(.enter)
        #expect(controller.screen.message?.hasPrefix("Not stored: the release preview honors no override") == true)
        #expect(storedOverrides(environment)["tip-jar-feature"] == ["enabled": .bool(false)], "unchanged")
    }

    @Test func aForcedBranchAndADebugOverrideAreLayersWithTheirAge() throws {
        let environment = try open()
        try NimbusOverrideStore(prefs: environment.prefs).forceBranch("control", of: "new-menu-test")
        var now = Date().timeIntervalSince1970
        let controller = FeatureFlagsDebugViewController(environment: environment.reloaded(), clock: { now })
        var lines = try openPane("bibimbap menu", in: controller).lines.map(\.text)
        #expect(lines.contains { $0.contains("forced branch") && $0.contains("new-menu-test \u{2192} control") }, "\(lines)")
        #expect(lines.contains { $0.contains("experiment") && $0.contains("new-menu-test/control (forced)") && $0.contains("wins") })
        #expect(lines.contains { $0.contains("\"enabled\": false,") && $0.contains("experiment new-menu-test/control (forced)") })
        // A debug override set from the rows sits on top, with its age.
        controller.handle(.escape)
        controller.handle(.character(" "))
        now += 330
        controller.handle(.enter)
        _ = text(controller)
        lines = try #require(controller.screen.detailPane).lines.map(\.text)
        #expect(lines.contains { $0.contains("debug override") && $0.contains("on \u{B7} set 5m ago") && $0.contains("wins") }, "\(lines)")
        #expect(!lines.contains { $0.contains("experiment ") && $0.contains("wins") }, "one layer wins")
    }

    @Test func aChangeByAnotherProcessShowsInTheOpenPane() throws {
        let controller = FeatureFlagsDebugViewController(environment: try open())
        _ = try openPane("tip jar", in: controller)
        let other = try open()
        try NimbusOverrideStore(prefs: other.prefs).setFeatureValue(.int(3), variable: "presets", of: "tip-jar-feature")
        try NimbusOverrideStore(prefs: other.prefs).setFeatureValue(.array([.int(500)]), variable: "presets", of: "tip-jar-feature")
        controller.handle(.timeout)
        _ = text(controller)
        let lines = try #require(controller.screen.detailPane).lines.map(\.text)
        #expect(lines.contains { $0.contains("\"presets\": [") && $0.contains("feature override") }, "\(lines)")
        #expect(lines.contains("    500"))
    }

    @Test func yCopiesTheIdThroughTheTerminal() throws {
        let controller = FeatureFlagsDebugViewController(environment: try open())
        _ = try openPane("tip jar", in: controller)
        controller.handle(.character("y"))
        #expect(controller.screen.message?.hasPrefix("Could not copy `tipJar`") == true, "no terminal")
        var copied: [String] = []
        controller.copyToClipboard = { copied.append($0); return true }
        controller.handle(.character("y"))
        #expect(copied == ["tipJar"])
        #expect(controller.screen.message == "copied `tipJar` to the clipboard")
    }

    @Test func preferencesAndBuildFlagsGetWhatAppliesToThem() throws {
        let environment = try open()
        let controller = FeatureFlagsDebugViewController(environment: environment)
        let preference = try openPane("searchbarposition", in: controller)
        #expect(preference.rowID == "typed:searchBarPosition" && preference.copyText == "searchBarPosition")
        let lines = preference.lines.map(\.text)
        #expect(lines.contains { $0.contains("enum") && $0.contains("SearchBarPosition: top, bottom") }, "\(lines)")
        #expect(lines.contains { $0.contains("stored choice") && $0.contains("none") })
        #expect(preference.lines.contains { $0.variable?.name == "position" && $0.variable?.editor == .variants(["top", "bottom"], current: "bottom") })
        controller.handle(.escape)
        controller.handle(.escape)
        let buildFlag = try openPane("requirepaywall", in: controller)
        let buildLines = buildFlag.lines.map(\.text)
        #expect(buildFlag.copyText == "requirePaywall")
        #expect(buildLines.contains { $0.contains("this build") && $0.contains("debug: true") }, "\(buildLines)")
        #expect(buildLines.contains { $0.contains("appstore") && $0.contains("true") })
        #expect(buildFlag.lines.allSatisfy { $0.variable == nil }, "nothing to edit")
    }
}
