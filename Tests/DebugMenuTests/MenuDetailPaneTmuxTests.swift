import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import FeatureFlags
import FlagsTool
import Formats
import TestTraits

extension Tmux {
    /// The detail pane driven in a real terminal: on the demo (Boolean, Int and enum variables edited,
    /// a wrong type refused) and on Firefox for iOS's example; `y` copies through OSC 52 into tmux's
    /// paste buffer.
    @Suite("Menu detail pane (tmux)", .serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
    struct MenuDetailPaneTmuxTests {
        let folder = TemporaryDirectory()
        var environment: [String: String] { ["FLAGS_STORE": folder.file("store/prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")] }

        func openMenu(_ arguments: String = "menu", waitingFor ready: String, columns: Int = 120, rows: Int = 50) throws -> TmuxSession {
            #expect(mkdir(folder.file("store"), 0o700) == 0)
            let tmux = try TmuxSession(columns: columns, rows: rows, environment: environment)
            do {
                // tmux takes what an application sends with OSC 52 into a paste buffer.
                try tmux.run(["set-option", "-g", "set-clipboard", "on"])
                try tmux.typeLine("'\(BuiltProgram.flags)' \(arguments)")
                try tmux.waitFor(timeout: 15, "the menu") { $0.contains(ready) }
            } catch {
                tmux.kill()
                throw error
            }
            return tmux
        }

        /// The line of `screen` containing `text` (empty when none does).
        func line(_ text: String, in screen: String) -> String {
            screen.split(separator: "\n").first { $0.contains(text) }.map(String.init) ?? ""
        }

        /// The feature override of `feature` in the store, as compact JSON ("" for none), read as another process would.
        func featureOverride(_ feature: String, config: String? = nil) throws -> String {
            let environment = try RegistryDiscovery.open(FlagsOptions(
                configPath: config, storePath: folder.file("store/prefs.sqlite"), workingDirectory: folder.path,
                environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path]))
            return NimbusOverrideStore(prefs: environment.prefs).overrides.featureValues[feature].map { JSONValue.object($0).compactText } ?? ""
        }

        @Test func onTheDemoThePaneShowsTheLayersAndEditsBooleanIntAndEnumVariables() throws {
            let tmux = try openMenu(waitingFor: "Feature Flags (")
            defer { tmux.kill() }
            try tmux.send("/", "t", "i", "p", "Space", "j", "a", "r", "Enter", "Enter")
            // Waited for whole: under load tmux can show a frame half drawn.
            let texts = ["Tip Jar \u{B7} lines", "tipJar", "default developer", "default beta", "default release", "\u{2190} wins",
                         "\"enabled\": true,", "feature-flags.yaml:", "Experiments and rollouts on tip-jar-feature"]
            try tmux.waitFor(timeout: 10, "the tip jar pane, its first variable selected") { screen in
                texts.allSatisfy(screen.contains) && self.line("\u{25B8}", in: screen).contains("\"enabled\"")
            }

            // A Boolean: Enter flips it into a feature override; the flag's row says so.
            try tmux.send("Enter")
            try tmux.waitFor(timeout: 10, "the stored override") { $0.contains("tip-jar-feature.enabled = false stored as a feature override") }
            #expect(try featureOverride("tip-jar-feature").contains("false"))
            try tmux.send("Escape")
            let rows = try tmux.waitFor(timeout: 10, "the rows") { $0.contains("Feature Flags (") && !$0.contains("Esc returns") }
            #expect(line("Tip Jar", in: rows).contains("feature override"), "\(rows)")

            // y copies the id into tmux's buffer.
            try tmux.send("i")
            try tmux.waitFor(timeout: 10, "the pane again") { $0.contains("Tip Jar \u{B7} lines") }
            try tmux.send("y")
            try tmux.waitFor(timeout: 10, "the copied message") { $0.contains("copied `tipJar` to the clipboard") }
            #expect(try tmux.run(["show-buffer"]) == "tipJar")
            try tmux.send("Escape", "Escape")

            // An Int: a wrong type is refused with the reason, a number is stored.
            try tmux.send("/", "b", "i", "b", "i", "m", "b", "a", "p", "Space", "m", "e", "n", "u", "Enter", "Enter")
            try tmux.waitFor(timeout: 10, "the bibimbap pane") { $0.contains("Bibimbap Menu \u{B7} lines") }
            try tmux.send("Down", "Down")
            try tmux.waitFor(timeout: 10, "spice-level selected") { self.line("\u{25B8}", in: $0).contains("spice-level") }
            try tmux.send("Enter")
            try tmux.waitFor(timeout: 10, "the prompt") { $0.contains("bibimbap-feature.spice-level (Int): ") }
            try tmux.send("BSpace", "BSpace", "BSpace")
            try tmux.type("hot")
            try tmux.send("Enter")
            try tmux.waitFor(timeout: 10, "the refusal") { $0.contains("Not stored: expected a whole number such as 42, found `hot`.") }
            #expect(try featureOverride("bibimbap-feature").isEmpty)
            try tmux.send("Enter", "BSpace", "BSpace", "BSpace", "BSpace", "5", "Enter")
            let stored = try tmux.waitFor(timeout: 10, "the stored Int") { $0.contains("bibimbap-feature.spice-level = 5 stored") }
            #expect(line("\"spice-level\": 5", in: stored).contains("feature override"), "\(stored)")
            try tmux.send("Escape", "Escape")

            // An enum: Enter takes its next variant.
            try tmux.send("/", "s", "e", "a", "s", "o", "n", "a", "l", "Enter", "Enter")
            try tmux.waitFor(timeout: 10, "the seasonal pane") { $0.contains("Seasonal Menu \u{B7} lines") }
            try tmux.send("Down")
            try tmux.waitFor(timeout: 10, "season selected") { self.line("\u{25B8}", in: $0).contains("\"season\"") }
            try tmux.send("Enter")
            try tmux.waitFor(timeout: 10, "the stored variant") { $0.contains("seasonal-menu-feature.season = \"") && $0.contains("stored as a feature override") }
            #expect(!(try featureOverride("seasonal-menu-feature")).isEmpty)
            try tmux.send("q")
            try tmux.waitFor(timeout: 10, "the shell") { !$0.contains("Feature Flags (") }
        }

        /// At 80x24: a value the prompt opens with is replaced by typing (an Option<String>
        /// showing null takes `teal`, not `nullteal`), and Ctrl-U, Ctrl-A, Ctrl-E, Ctrl-K and
        /// Ctrl-W edit as in a shell.
        @Test func thePromptReplacesItsValueWhenTypedOverAndTakesTheLineEditingKeys() throws {
            let tmux = try openMenu(waitingFor: "Feature Flags (", columns: 80, rows: 24)
            defer { tmux.kill() }
            try tmux.send("/", "p", "r", "o", "m", "o", "Space", "b", "a", "n", "n", "e", "r", "Enter", "Enter")
            try tmux.waitFor(timeout: 10, "the promo banner pane") { $0.contains("Promo Banner \u{B7} lines") }
            // Down scrolls the layers by, then selects variable after variable.
            var selected = false
            for _ in 0 ..< 30 where !selected {
                try tmux.send("Down")
                Thread.sleep(forTimeInterval: 0.1)
                selected = line("\u{25B8}", in: try tmux.screen()).contains("accent-color")
            }
            try tmux.waitFor(timeout: 10, "accent-color selected") { self.line("\u{25B8}", in: $0).contains("accent-color") }
            try tmux.send("Enter")
            try tmux.waitFor(timeout: 10, "the prompt, the value in it") { self.line("accent-color (Option<String>): ", in: $0).contains("null") }
            try tmux.type("teal")
            try tmux.send("Enter")
            try tmux.waitFor(timeout: 10, "the stored value") { $0.contains("promo-banner-feature.accent-color = \"teal\" stored") }
            #expect(try featureOverride("promo-banner-feature") == #"{"accent-color":"teal"}"#)

            // Ctrl-U clears a text, then the word keys edit what is typed.
            try tmux.send("Enter")
            try tmux.waitFor(timeout: 10, "the prompt again") { self.line("accent-color (Option<String>): ", in: $0).contains("teal") }
            try tmux.send("C-e", "C-u")
            try tmux.type("deep sea")
            try tmux.send("C-w", "C-a")
            try tmux.type("a ")
            try tmux.send("C-e")
            try tmux.type("green")
            try tmux.send("C-a", "Right", "Right", "C-k")
            try tmux.type("dark ")
            try tmux.send("C-e")
            try tmux.type("green")
            try tmux.send("Enter")
            try tmux.waitFor(timeout: 10, "the edited value") { $0.contains("promo-banner-feature.accent-color = \"a dark green\" stored") }
            try tmux.send("q")
        }

        @Test func onTheFirefoxExampleThePaneShowsAFlagAndEditsIt() throws {
            let config = FirefoxExample.registryPath
            let tmux = try openMenu("--config '\(FirefoxExample.registryPath)' menu", waitingFor: "Ad Blocker")
            defer { tmux.kill() }
            try tmux.send("Enter")
            // The line the registry declares the flag on, read from the file: the pane must name it.
            let registryLines = try String(contentsOfFile: config, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let flagLine = try #require(registryLines.firstIndex { $0 == "  adBlocker:" }) + 1
            let texts = ["Ad Blocker \u{B7} lines", "adBlocker", "ad-blocker-feature", "default developer", "default beta", "default release",
                         "\u{2190} wins", "\"enabled\":", "feature-flags.yaml:\(flagLine)", "nimbus"]
            try tmux.waitFor(timeout: 10, "the Ad Blocker pane") { screen in texts.allSatisfy(screen.contains) }
            try tmux.send("Enter")
            try tmux.waitFor(timeout: 10, "the stored override") { $0.contains("ad-blocker-feature.enabled = ") && $0.contains("stored as a feature override") }
            #expect(!(try featureOverride("ad-blocker-feature", config: config)).isEmpty)
            try tmux.send("y")
            try tmux.waitFor(timeout: 10, "the copied message") { $0.contains("copied `adBlocker` to the clipboard") }
            #expect(try tmux.run(["show-buffer"]) == "adBlocker")
            try tmux.send("u")
            try tmux.waitFor(timeout: 10, "the undo") { $0.contains("Undid") }
            #expect(try featureOverride("ad-blocker-feature", config: config).isEmpty)
            try tmux.send("q")
        }
    }
}
