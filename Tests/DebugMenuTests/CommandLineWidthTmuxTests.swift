import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestTraits

extension Tmux {
    /// On a real terminal the command line lays its help and tables out for the terminal's
    /// width, so the terminal never wraps a line of them (tmux's `capture-pane -J` joins the
    /// lines a terminal wrapped: with none, it changes nothing).
    @Suite("Command line on a narrow terminal (tmux)", .serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
    struct CommandLineWidthTmuxTests {
        let folder = TemporaryDirectory()

        /// The lines between the `BEGIN` and `END` lines `echo` printed, from the first that starts with `from`.
        func output(_ screen: String, from start: String) -> [String] {
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let begin = lines.lastIndex(of: "BEGIN"), let end = lines.lastIndex(of: "END"), begin < end else { return [] }
            return Array(lines[(begin + 1) ..< end].drop { !$0.hasPrefix(start) })
        }

        /// `from`: where the comparison starts; `experiments` names its records' file first, a
        /// path longer than the pane, which only the terminal can wrap.
        @Test(arguments: [("help preset", "usage:"), ("experiments", "SLUG"), ("log", "#  ")])
        func nothingIsWrappedByTheTerminal(_ command: String, _ from: String) throws {
            let environment = ["FLAGS_STORE": folder.file("prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")]
            let set = try BuiltProgram.run(BuiltProgram.flags, ["set", "tipJar", "off"], environment: environment)
            #expect(set.status == 0, "\(set.errors)")
            let tmux = try TmuxSession(columns: 60, rows: 100, environment: environment)
            defer { tmux.kill() }
            try tmux.typeLine("clear; echo BEGIN; '\(BuiltProgram.flags)' \(command); echo END")
            let screen = try tmux.waitFor(timeout: 10, "the output") { self.output($0, from: from).count >= 2 }
            let joined = try tmux.run(["capture-pane", "-p", "-J", "-t", tmux.name])
            #expect(output(screen, from: from) == output(joined, from: from), "the terminal wrapped a line of `flags \(command)`:\n\(screen)")
            #expect(output(screen, from: from).allSatisfy { $0.count <= 60 })
        }
    }
}
