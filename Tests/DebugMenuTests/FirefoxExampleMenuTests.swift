import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestTraits

extension Tmux {
    /// The menu on Firefox for iOS's real manifest (Examples/firefox-ios and its manifest/):
    /// a menu the size of Firefox's opens, scrolls to the end and filters.
    @Suite("Firefox for iOS example menu (tmux)", .serialized,
           .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
    struct FirefoxExampleMenuTests {
        let folder = TemporaryDirectory()

        @Test func opensScrollsAndFilters() throws {
            let tmux = try TmuxSession(environment: ["FLAGS_STORE": folder.file("prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")])
            defer { tmux.kill() }
            try tmux.typeLine("'\(BuiltProgram.flags)' --config '\(FirefoxExample.registryPath)' menu")
            let first = try tmux.waitFor(timeout: 15, "the Firefox menu") { $0.contains("firefox-ios") && $0.contains("Ad Blocker") }
            #expect(!first.contains("Wayback Machine"), "the last flag is below the first screenful")

            try tmux.send("G")
            try tmux.waitFor(timeout: 5, "the end of the menu") { !$0.contains("Ad Blocker") }

            try tmux.send("g", "/", "w", "a", "y", "b", "a", "c", "k")
            let filtered = try tmux.waitFor(timeout: 5, "the filter") { $0.contains("Wayback Machine") && !$0.contains("VPN") }
            #expect(filtered.contains("Feature Flags (1)"))
            try tmux.send("Escape")
            try tmux.waitFor(timeout: 5, "the filter cleared") { $0.contains("Ad Blocker") }
            try tmux.send("q")
        }

        var environment: [String: String] { ["FLAGS_STORE": folder.file("prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")] }

        func openMenu(columns: Int = 100, rows: Int = 30) throws -> TmuxSession {
            let tmux = try TmuxSession(columns: columns, rows: rows, environment: environment)
            do {
                try tmux.typeLine("'\(BuiltProgram.flags)' --config '\(FirefoxExample.registryPath)' menu")
                try tmux.waitFor(timeout: 15, "the Firefox menu") { $0.contains("firefox-ios") && $0.contains("Ad Blocker") }
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

        /// Finding rows among Firefox's 130: by source, overridden only, fuzzy with the best match
        /// first and its id shown, with Build only status collapsed and the section title kept on top.
        @Test func rowsAreFoundBySourceFuzzilyAndInCollapsibleSections() throws {
            let set = try BuiltProgram.run(BuiltProgram.flags, ["--config", FirefoxExample.registryPath, "set", "microsurvey", "off"],
                                           environment: environment)
            #expect(set.status == 0, "\(set.errors)")
            let tmux = try openMenu()
            defer { tmux.kill() }
            try tmux.send("/", "o", "v", "e", "r", "r", "i", "d", "e", "Enter")
            // The source column "override" (and a status that says "overrides").
            let bySource = try tmux.waitFor(timeout: 5, "the override filter") { $0.contains("filter \u{201C}override\u{201D}") }
            #expect(line("Microsurvey", in: bySource).contains("override"), "\(bySource)")
            #expect(!bySource.contains("Ad Blocker"))
            try tmux.send("Escape")

            try tmux.send("o")
            let overridden = try tmux.waitFor(timeout: 5, "overridden only") { $0.contains("overridden only") && !$0.contains("Ad Blocker") }
            #expect(overridden.contains("Microsurvey") && overridden.contains("Feature Flags (1)"), "\(overridden)")
            try tmux.send("o")
            try tmux.waitFor(timeout: 5, "all rows again") { !$0.contains("overridden only") && $0.contains("Ad Blocker") }

            try tmux.send("/", "j", "p", "g", "Enter")
            let fuzzy = try tmux.waitFor(timeout: 5, "the fuzzy filter") { $0.contains("filter \u{201C}jpg\u{201D}") }
            #expect(line("\u{25B8}", in: fuzzy).contains("Firefox JP Guide Site"), "\(fuzzy)")
            #expect(fuzzy.contains("id firefoxJpGuideDefaultSite"), "the flag id is on the status line: \(fuzzy)")
            try tmux.send("Escape")

            // Scrolled past the top, the rows' section title stays on the first content line.
            try tmux.send("PageDown", "PageDown")
            try tmux.waitFor(timeout: 5, "the sticky title over the scrolled rows") { screen in
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return !screen.contains("Ad Blocker") && lines.count > 4 && lines[3].hasPrefix(" Feature Flags (62)")
                    && lines[4].contains("[")
            }

            // Build only status starts collapsed; Tab to it, z opens it, z closes it again.
            #expect(try tmux.screen().contains("+ Build only status (62) collapsed, z opens"))
            try tmux.send("Tab", "Tab")
            try tmux.waitFor(timeout: 5, "the collapsed title selected") { self.line("Build only status", in: $0).hasPrefix("\u{25B8} Build only status") }
            try tmux.send("z")
            try tmux.waitFor(timeout: 5, "the section opened") { $0.contains("Build only status (62) ") && !$0.contains("collapsed, z opens") }
            try tmux.send("z")
            try tmux.waitFor(timeout: 5, "the section closed") { $0.contains("collapsed, z opens") }
            try tmux.send("q")
        }

        /// 3,000 characters pasted into the filter arrive whole and leave a menu that answers keys.
        /// (The deadline is one only a hang misses: before the keys of a burst were applied at once,
        /// this paste took about 10 s to drain, and 28 s on a loaded machine.)
        @Test func aPasteIntoTheFilterArrivesWholeAndTheMenuAnswers() throws {
            let tmux = try openMenu()
            defer { tmux.kill() }
            let text = (1 ... 600).map { "k" + String(repeating: "0", count: 4 - String($0).count) + String($0) }.joined()
            #expect(text.count == 3_000)
            let file = folder.file("paste.txt")
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            try tmux.send("/")
            try tmux.waitFor(timeout: 5, "the filter prompt") { $0.contains(" /") }
            try tmux.run(["load-buffer", "-b", "filter", file])
            try tmux.run(["paste-buffer", "-d", "-b", "filter", "-t", "menu"])
            let pasted = try tmux.waitFor(timeout: 60, "the whole paste in the filter") { $0.contains("k0599k0600") && $0.contains("3000 characters") }
            #expect(pasted.contains("0 of"), "nothing matches the paste")
            try tmux.send("Escape")
            try tmux.waitFor(timeout: 10, "the menu answering") { $0.contains("Ad Blocker") && !$0.contains("k0600") }
            try tmux.send("q")
        }
    }
}
