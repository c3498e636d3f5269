import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestTraits

extension Tmux {
    /// The menu's screens at 80x24 (and the Experiments screen at 120 columns too): the help
    /// wraps and scrolls instead of being cut, cut texts end in an ellipsis, and the history
    /// keeps who made each change whole.
    @Suite("Menu at 80x24 (tmux)", .serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
    struct MenuAtEightyColumnsTmuxTests {
        let folder = TemporaryDirectory()
        var environment: [String: String] { ["FLAGS_STORE": folder.file("prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")] }

        func openMenu(columns: Int = 80, rows: Int = 24) throws -> TmuxSession {
            let tmux = try TmuxSession(columns: columns, rows: rows, environment: environment)
            do {
                try tmux.typeLine("'\(BuiltProgram.flags)' menu")
                try tmux.waitFor(timeout: 10, "the menu") { $0.contains("Feature Flags (") }
            } catch {
                tmux.kill()
                throw error
            }
            return tmux
        }

        func line(_ text: String, in screen: String) -> String {
            screen.split(separator: "\n").first { $0.contains(text) }.map(String.init) ?? ""
        }

        @Test func theHelpWrapsAndScrolls() throws {
            let tmux = try openMenu()
            defer { tmux.kill() }
            try tmux.send("?")
            let first = try tmux.waitFor(timeout: 5, "the help") { $0.contains(" Keys ") }
            #expect(first.contains("lines 1\u{2014}") && first.contains("scroll, any other key closes"), "\(first)")
            #expect(!first.contains("dim rows"), "the end is below the first screenful")
            // A meaning longer than its line goes on under itself, whole.
            #expect(first.contains("details: every layer of the value, the feature's JSON to\n                   edit"), "\(first)")
            try tmux.send("G")
            let end = try tmux.waitFor(timeout: 5, "the end of the help") { $0.contains("dim rows") }
            #expect(end.contains("the Nimbus value it hides is\n                   in parentheses"), "\(end)")
            try tmux.send("k")
            try tmux.waitFor(timeout: 5, "one line up") { !$0.contains("dim rows") || $0.contains("read-only") }
            try tmux.send("x")
            try tmux.waitFor(timeout: 5, "the rows again") { !$0.contains(" Keys ") && $0.contains("Feature Flags (") }
            try tmux.send("q")
        }

        @Test(arguments: [80, 120]) func theExperimentsScreenEndsACutReasonInAnEllipsis(_ columns: Int) throws {
            let tmux = try openMenu(columns: columns)
            defer { tmux.kill() }
            try tmux.send("e")
            let screen = try tmux.waitFor(timeout: 5, "the Experiments screen") { $0.contains(" Experiments (") && $0.contains("korean-tip-jar") }
            let row = line("korean-tip-jar", in: screen)
            #expect(row.count == columns && row.hasSuffix("\u{2026}"), "cut with an ellipsis at \(columns) columns: \(row)")
            try tmux.send("q")
        }

        @Test func theHistoryKeepsWhoMadeEachChangeWhole() throws {
            for arguments in [["set", "tipJar", "off"], ["feature", "set", "bibimbap-feature", "spice-level", "5"], ["opt-out", "experiments", "on"]] {
                let result = try BuiltProgram.run(BuiltProgram.flags, arguments, environment: environment)
                #expect(result.status == 0, "\(result.errors)")
            }
            let tmux = try openMenu()
            defer { tmux.kill() }
            try tmux.send("H")
            let history = try tmux.waitFor(timeout: 5, "the history") { $0.contains(" History (") && $0.contains("tipJar override") }
            #expect(line("tipJar override", in: history).hasSuffix("flags set"), "\(history)")
            #expect(line("feature override", in: history).hasSuffix("flags feature"), "\(history)")
            #expect(line("experiments opt-out", in: history).hasSuffix("flags opt-out"), "\(history)")
            try tmux.send("q")
        }
    }
}
