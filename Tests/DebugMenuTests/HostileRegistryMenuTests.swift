import BibimbapData
import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import TestHelpers
import Testing
import TestTraits

extension Tmux {
    /// The real menu in tmux on a registry whose texts try to act on the terminal: a NUL that would
    /// end the title early in C, and an `ESC ]0;` sequence that would set the window title.
    @Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed; skipping the hostile registry menu test"))
    struct HostileRegistryMenuTests {
        let folder = TemporaryDirectory()

        @Test func aNulInATitleAndAnEscapeInAStatusAreShownAsQuestionMarks() throws {
            let registryPath = try BibimbapDemo.materialize(in: folder.path)
            let registry = try String(contentsOfFile: registryPath, encoding: .utf8)
            let edited = registry
                .replacingOccurrences(of: "title: Tip Jar", with: #"title: "Tip\0Jar""#)
                .replacingOccurrences(of: "status: Show allergen labels on every dish", with: #"status: "Allergens\e]2;owned\a shown""#)
            try #require(edited.contains("Tip\\0Jar") && edited.contains("owned"))
            try edited.write(toFile: registryPath, atomically: true, encoding: .utf8)

            let tmux = try TmuxSession(columns: 120, rows: 40, environment: [
                "FLAGS_STORE": folder.file("prefs.sqlite"), "FLAGS_NO_CACHE": "1", "HOME": folder.path])
            defer { tmux.kill() }
            let titleBefore = try tmux.run(["display-message", "-p", "-t", "menu", "#{pane_title}"])
            try tmux.typeLine("'\(BuiltProgram.flags)' --config '\(registryPath)' menu")
            let screen = try tmux.waitFor(timeout: 10, "the menu with the Tip Jar row") { $0.contains("Tip?Jar") }
            #expect(screen.contains("Allergens?]2;owned? shown"))
            let titleAfter = try tmux.run(["display-message", "-p", "-t", "menu", "#{pane_title}"])
            #expect(titleAfter == titleBefore && !titleAfter.contains("owned"))
            try tmux.send("q")
        }
    }
}
