import DebugMenu
import FeatureFlags
import FlagsTool
import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestTraits

extension Tmux {
    /// `u` (undo this menu's last change) and `H` (the store's history) on the demo, through the
    /// controller with a real store, and in the real menu in tmux.
    @Suite("Menu undo and history")
    struct MenuHistoryTests {
        let folder = TemporaryDirectory()

        func open() throws -> FlagsEnvironment {
            try RegistryDiscovery.open(FlagsOptions(
                storePath: folder.file("store/prefs.sqlite"), channel: .developer, workingDirectory: folder.path,
                environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path]))
        }

        func menu() throws -> FeatureFlagsDebugViewController {
            let environment = try open()
            environment.prefs.changeAuthor = "menu"
            return FeatureFlagsDebugViewController(environment: environment, glyphs: .ascii)
        }

        func override(_ id: String, in environment: FlagsEnvironment) throws -> Bool? {
            environment.provider.debugOverride(for: try environment.registry.flag(id))?.value.boolValue
        }

        @Test func uUndoesThisMenusChangesNewestFirstAndCanBePressedAgain() throws {
            let controller = try menu()
            let other = try open()
            controller.perform(.toggle(rowID: "flag:tipJar"))
            controller.perform(.toggle(rowID: "flag:promoBanner"))
            controller.perform(.cycle(rowID: "typed:startAtHome"))
            #expect(other.preferences.storedPreference(for: try other.registry.preference("startAtHome")) != nil)

            controller.perform(.undo)
            let message = controller.screen.message ?? ""
            #expect(message.hasPrefix("Undid: startAtHome preference ") && message.hasSuffix(" → none."), "\(message)")
            #expect(other.preferences.storedPreference(for: try other.registry.preference("startAtHome")) == nil)
            controller.perform(.undo)
            #expect(try override("promoBanner", in: other) == nil)
            #expect(try override("tipJar", in: other) != nil)
            controller.perform(.undo)
            #expect(try override("tipJar", in: other) == nil)
            #expect(controller.screen.message?.hasPrefix("Undid: tipJar override ") == true)
            controller.perform(.undo)
            #expect(controller.screen.message == "Nothing to undo: no change made in this menu is left to take back.")
            // Every undo is in the store's history, by the menu.
            let history = try other.prefs.history()
            #expect(history.prefix(3).allSatisfy { $0.undoes != nil && $0.author == "menu" })
        }

        @Test func uLeavesAChangeMadeElsewhereSinceAndSaysWho() throws {
            let controller = try menu()
            controller.perform(.toggle(rowID: "flag:tipJar"))
            let other = try open()
            other.prefs.changeAuthor = "flags set"
            let stored = try override("tipJar", in: other)
            #expect(stored != nil)
            let menuWrote = stored ?? false
            try other.provider.setDebugOverride(try other.registry.flag("tipJar"), to: !menuWrote)
            _ = controller.reloadView()
            controller.perform(.undo)
            #expect(controller.screen.message == "Nothing undone: tipJar override changed since by flags set.")
            #expect(try override("tipJar", in: other) == !menuWrote)
        }

        @Test func uTakesBackAResetAllAndAPresetAsOneChange() throws {
            let controller = try menu()
            controller.perform(.toggle(rowID: "flag:tipJar"))
            controller.perform(.toggle(rowID: "flag:promoBanner"))
            controller.perform(.savePreset(name: "two"))
            controller.perform(.resetAll)
            #expect(controller.header.overrideCount == 0)
            controller.perform(.undo)
            #expect(controller.screen.message == "Undid 2 changes.")
            #expect(controller.header.overrideCount == 2)
            controller.perform(.resetAll)
            controller.perform(.applyPreset(name: "two"))
            #expect(controller.header.overrideCount == 2)
            controller.perform(.undo)
            #expect(controller.header.overrideCount == 0)
            // Then the reset, then the preset's save.
            controller.perform(.undo)
            #expect(controller.header.overrideCount == 2)
            controller.perform(.undo)
            #expect(PresetStore(environment: controller.environment).list().isEmpty)
        }

        @Test func aStoreReplacedUnderTheMenuForgetsWhatUWouldUndo() throws {
            let path = folder.file("store/prefs.sqlite")
            let controller = try menu()
            controller.perform(.toggle(rowID: "flag:tipJar"))
            #expect(rename(path, path + ".moved") == 0)
            controller.perform(.undo)
            #expect(controller.header.statusNote?.contains("reopened") == true)
            #expect(controller.screen.message == "Nothing to undo: no change made in this menu is left to take back.")
            // The menu's author survives the reopening.
            controller.perform(.toggle(rowID: "flag:promoBanner"))
            #expect(try open().prefs.history().first?.author == "menu")
        }

        @Test func hShowsTheStoresChangesNewestFirstAndEscReturns() throws {
            let controller = try menu()
            let other = try open()
            other.prefs.changeAuthor = "flags set"
            try other.provider.setDebugOverride(try other.registry.flag("reviews"), to: true)
            controller.perform(.toggle(rowID: "flag:tipJar"))
            controller.handle(.character("H"))
            let view = try #require(controller.screen.historyView)
            #expect(view.items.map(\.what) == ["tipJar override", "reviews override"])
            #expect(view.items.map(\.by) == ["menu", "flags set"])
            #expect(view.items.last?.change == "none -> on" || view.items.last?.change == "none → on")
            let text = controller.frame(size: Terminal.Size(rows: 24, columns: 90)).map(\.text).joined(separator: "\n")
            #expect(text.contains("History (2)") && text.contains("reviews override") && text.contains("flags set"))
            #expect(text.contains("Esc back"))
            controller.handle(.escape)
            #expect(controller.screen.historyView == nil)
            #expect(controller.frame(size: Terminal.Size(rows: 24, columns: 90)).map(\.text).joined().contains("Feature Flags ("))
        }

        @Test func anEmptyHistorySaysSo() throws {
            let controller = try menu()
            controller.handle(.character("H"))
            let text = controller.frame(size: Terminal.Size(rows: 24, columns: 90)).map(\.text).joined(separator: "\n")
            #expect(text.contains("History (0)") && text.contains(HistoryView.emptyText))
        }

        @Test func theHistoryScrollsWithinItsItems() {
            var model = MenuFixtures.model(height: 6)
            model.showHistory(HistoryView(items: (1...20).map { HistoryView.Item(what: "k\($0)", change: "on → off", when: "now", by: "menu") }))
            model.handle(.down)
            #expect(model.historyView?.scrollOffset == 1)
            model.handle(.character("G"))
            #expect(model.historyView?.scrollOffset == 15)
            model.handle(.pageDown)
            #expect(model.historyView?.scrollOffset == 15)
            model.handle(.character("g"))
            #expect(model.historyView?.scrollOffset == 0)
            #expect(model.handle(.character("q")) == .quit)
            model.handle(.character("H"))
            #expect(model.historyView == nil)
        }

        @Test(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
        func inTheRealMenuUUndoesAToggleAndHListsIt() throws {
            let environment = ["FLAGS_STORE": folder.file("store/prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")]
            let tmux = try TmuxSession(environment: environment)
            defer { tmux.kill() }
            try tmux.typeLine("'\(BuiltProgram.flags)' menu")
            try tmux.waitFor(timeout: 10, "the menu") { $0.contains("Feature Flags (11)") }
            try tmux.send("/", "t", "i", "p", "Enter", "Space")
            try tmux.waitFor(timeout: 5, "the override") { $0.contains("1 overridden") }
            let set = try BuiltProgram.run(BuiltProgram.flags, ["set", "reviews", "on"], environment: environment)
            #expect(set.status == 0, "\(set.errors)")
            try tmux.waitFor(timeout: 20, "the outside change") { $0.contains("2 overridden") }

            try tmux.send("H")
            // Both rows, not only the heading: a capture can land between the heading and the rows
            // being drawn when the machine is busy.
            let history = try tmux.waitFor(timeout: 10, "the history") {
                $0.contains("History (2)") && $0.contains("reviews override") && $0.contains("tipJar override")
            }
            let lines = history.split(separator: "\n").map(String.init)
            let reviews = try #require(lines.firstIndex { $0.contains("reviews override") })
            let tipJar = try #require(lines.firstIndex { $0.contains("tipJar override") })
            #expect(reviews < tipJar, "newest first")
            #expect(lines[reviews].contains("flags set") && lines[tipJar].contains("menu"))
            try tmux.send("Escape")
            try tmux.waitFor(timeout: 5, "the rows") { !$0.contains("History (") && $0.contains("Tip Jar") }

            try tmux.send("u")
            try tmux.waitFor(timeout: 5, "the undo") { $0.contains("Undid: tipJar override") && $0.contains("1 overridden") }
            let get = try BuiltProgram.run(BuiltProgram.flags, ["get", "reviews", "--json"], environment: environment)
            #expect(get.output.contains(#""override": true"#), "the other process's change stays")
            try tmux.send("u")
            try tmux.waitFor(timeout: 5, "nothing left") { $0.contains("Nothing to undo") }
            try tmux.send("H")
            try tmux.waitFor(timeout: 5, "the undo in the history") { $0.contains("History (3)") }
            try tmux.send("q")
        }
    }
}
