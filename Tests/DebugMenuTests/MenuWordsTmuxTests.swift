import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestTraits

extension Tmux {
    /// The menu at 80x24 names store keys as every command does: `s` counts the feature
    /// override it saved, the preset chooser names one as `feature override FEATURE.VARIABLE`,
    /// applying a preset counts what it wrote (and "no changes" when nothing), `R` counts each kind.
    @Suite("Menu words (tmux)", .serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
    struct MenuWordsTmuxTests {
        let folder = TemporaryDirectory()
        var environment: [String: String] { ["FLAGS_STORE": folder.file("store/prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")] }

        func flags(_ arguments: String...) throws {
            let result = try BuiltProgram.run(BuiltProgram.flags, arguments, environment: environment)
            #expect(result.status == 0, "flags \(arguments.joined(separator: " ")): \(result.errors)")
        }

        func line(_ text: String, in screen: String) -> String {
            screen.split(separator: "\n").first { $0.contains(text) }.map(String.init) ?? ""
        }

        @Test func savingChoosingApplyingAndResettingUseTheStoresWords() throws {
            try flags("set", "tipJar", "off")
            try flags("feature", "set", "bibimbap-feature", "spice-level", "5")
            let tmux = try TmuxSession(columns: 80, rows: 24, environment: environment)
            defer { tmux.kill() }
            try tmux.typeLine("'\(BuiltProgram.flags)' menu")
            try tmux.waitFor(timeout: 10, "the menu") { $0.contains("Feature Flags (") }

            try tmux.send("s")
            try tmux.waitFor(timeout: 5, "the name prompt") { $0.contains("Save preset as:") }
            try tmux.type("qa")
            try tmux.send("Enter")
            try tmux.waitFor(timeout: 5, "the saved message") { $0.contains("Saved preset qa (1 override, 0 preferences, 1 feature override).") }

            try flags("reset", "--all")
            try tmux.waitFor(timeout: 5, "the outside reset") { $0.contains("0 overridden") }
            try tmux.send("p")
            let chooser = try tmux.waitFor(timeout: 5, "the chooser") { self.line("\u{25B8}", in: $0).contains("qa") }
            let item = line("\u{25B8}", in: chooser)
            #expect(item.contains("2 changes: feature override bibimbap-featur"), "\(item)")
            #expect(item.trimmingCharacters(in: .whitespaces).hasSuffix("\u{2026}"), "cut at 80 columns with an ellipsis: \(item)")
            #expect(!chooser.contains("nimbus.featureOverride"), "\(chooser)")
            try tmux.send("Enter")
            try tmux.waitFor(timeout: 5, "the applied message") { $0.contains("applied preset qa (2 changes)") }
            try tmux.send("p")
            try tmux.waitFor(timeout: 5, "the chooser again") { self.line("\u{25B8}", in: $0).contains("no changes") }
            try tmux.send("Enter")
            try tmux.waitFor(timeout: 5, "applying again") { $0.contains("applied preset qa (no changes)") }

            try tmux.send("R")
            try tmux.waitFor(timeout: 5, "the question") { $0.contains("y/n") }
            try tmux.send("y")
            try tmux.waitFor(timeout: 5, "the reset") { $0.contains("Removed 1 flag override and 1 feature override.") }
            try tmux.send("q")
        }
    }
}
