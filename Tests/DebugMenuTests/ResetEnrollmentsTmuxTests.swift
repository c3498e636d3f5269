import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestTraits

extension Tmux {
    /// `flags reset-enrollments` on a real terminal asks y/n and reads the answer there.
    @Suite("reset-enrollments on a terminal (tmux)", .serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
    struct ResetEnrollmentsTmuxTests {
        let folder = TemporaryDirectory()

        @Test func itAsksOnTheTerminalAndAYesResets() throws {
            let environment = ["FLAGS_STORE": folder.file("prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")]
            for arguments in [["opt-out", "experiments", "on"], ["opt-out", "experiments", "off"]] {
                let result = try BuiltProgram.run(BuiltProgram.flags, arguments, environment: environment)
                #expect(result.status == 0, "\(result.errors)")
            }
            let tmux = try TmuxSession(columns: 80, rows: 24, environment: environment)
            defer { tmux.kill() }
            try tmux.typeLine("'\(BuiltProgram.flags)' reset-enrollments; echo status=$?")
            try tmux.waitFor(timeout: 10, "the question") { $0.contains("`flags undo` cannot bring them back. y/n") }
            try tmux.typeLine("y")
            let done = try tmux.waitFor(timeout: 10, "the reset") { $0.contains("\nstatus=") }
            // The terminal wraps the long line at 80 columns (and capture-pane drops the space at the end of a row).
            let joined = done.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: " ", with: "")
            #expect(joined.contains(";nowenrolledindark-kitchen-rollout/rollout,new-menu-test/"), "\(done)")
            #expect(done.contains("\nstatus=0"), "\(done)")
        }
    }
}
