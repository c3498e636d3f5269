import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestTraits

extension Tmux {
    /// The two-pane recipe of docs/APPS.md, the app's half: `bibimbap --watch` in a narrow tmux pane
    /// follows the pane's width, marks what a toggle changed, names the flags behind its blocks
    /// (`--annotate`) and ends with status 130 on Ctrl-C, leaving the terminal usable.
    @Suite("Demo app in tmux", .serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
    struct DemoAppTmuxTests {
        let folder = TemporaryDirectory()
        var environment: [String: String] { ["FLAGS_STORE": folder.file("prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")] }

        func flags(_ arguments: String...) throws {
            let result = try BuiltProgram.run(BuiltProgram.flags, arguments, environment: environment)
            #expect(result.status == 0, "\(result.errors)")
        }

        /// The dish lines on screen ("  Bibimbap ..... 11,000 won"), as tmux shows them.
        func dishLines(_ screen: String) -> [Substring] {
            screen.split(separator: "\n").filter { $0.contains(" ....") }
        }

        @Test func theWatchingAppFollowsItsPaneMarksChangesAndExitsOnCtrlC() throws {
            // The recipe splits an 80-column window: the app's pane has 59 columns.
            let tmux = try TmuxSession(columns: 59, rows: 70, environment: environment)
            defer { tmux.kill() }
            try tmux.typeLine("'\(BuiltProgram.path(of: "bibimbap"))' --watch --annotate --interval 50")
            let first = try tmux.waitFor(timeout: 15, "the home screen") { $0.contains("build channel:") }
            let dishes = dishLines(first)
            #expect(!dishes.isEmpty, "\(first)")
            for line in dishes {
                #expect(line.hasSuffix(" won") && line.count <= 59, "a price wrapped: \(line)")
            }
            #expect(first.contains("\u{21B3} promoBanner"), "--annotate names the banner's flag: \(first)")
            #expect(!first.contains("\u{BB} "), "the first frame marks nothing")

            // A toggle from the other pane: the banner goes, then comes back marked.
            try flags("set", "promoBanner", "off")
            try tmux.waitFor(timeout: 10, "the banner gone") { !$0.contains("Free kimchi") && $0.contains("removed since the last frame") }
            try flags("set", "promoBanner", "on")
            let back = try tmux.waitFor(timeout: 10, "the banner back") { $0.contains("Free kimchi") }
            let banner = back.split(separator: "\n").first { $0.contains("Free kimchi") } ?? ""
            #expect(banner.hasPrefix("\u{BB} "), "the changed line is marked: \(back)")
            #expect(back.contains("since the last frame"))

            // A wider pane: the next frame is drawn at its width.
            try tmux.resize(columns: 90, rows: 70)
            try tmux.waitFor(timeout: 10, "the wider screen") { screen in
                self.dishLines(screen).allSatisfy { $0.hasSuffix(" won") } && (self.dishLines(screen).first?.count ?? 0) > 80
            }

            // Ctrl-C: status 130, and the terminal is as the shell left it.
            try tmux.send("C-c")
            let status = folder.file("status.txt"), stty = folder.file("stty.txt")
            try tmux.typeLine("echo $? > \(status); stty -a > \(stty).tmp; mv \(stty).tmp \(stty)")
            let deadline = Date().addingTimeInterval(10)
            while !FileManager.default.fileExists(atPath: stty) && Date() < deadline { usleep(20_000) }
            let code = (try? String(contentsOfFile: status, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(code == "130")
            let modes = ((try? String(contentsOfFile: stty, encoding: .utf8)) ?? "").split(whereSeparator: { " \n;".contains($0) })
            #expect(modes.contains("icanon") && modes.contains("echo") && modes.contains("isig"), "\(modes)")
        }
    }
}
