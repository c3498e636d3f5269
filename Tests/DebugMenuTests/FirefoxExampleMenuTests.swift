import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers

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
}
