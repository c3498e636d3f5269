import FeatureFlags
import FlagsTool
import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestTraits

extension Tmux {
    /// The real `flags` binary in a real terminal (tmux), on the demo and a temporary store,
    /// driven by keys, with other `flags` processes writing the same store.
    @Suite("Menu end to end (tmux)", .serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed; skipping the end-to-end menu tests"))
    struct MenuEndToEndTests {
        let folder = TemporaryDirectory()
        var environment: [String: String] {
            ["FLAGS_STORE": folder.file("store/prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")]
        }
        var flags: String { "'\(BuiltProgram.flags)'" }

        /// A tmux pane with a shell, the menu opened in it with `command`.
        func openMenu(_ command: String = "menu") throws -> TmuxSession {
            let tmux = try TmuxSession(environment: environment)
            do {
                try tmux.typeLine("\(flags) \(command)")
                try tmux.waitFor(timeout: 10, "the menu") { $0.contains("Feature Flags (11)") }
            } catch {
                tmux.kill()
                throw error
            }
            return tmux
        }

        func flagJSON(_ id: String) throws -> String {
            let result = try BuiltProgram.run(BuiltProgram.flags, ["get", id, "--json"], environment: environment)
            #expect(result.status == 0, "\(result.errors)")
            return result.output
        }

        /// The line of the screen holding `title`.
        func line(_ title: String, in screen: String) -> String {
            screen.split(separator: "\n").first { $0.contains(title) }.map(String.init) ?? ""
        }

        /// Runs `echo $?` and `stty -a` in the pane's shell (after the menu ended) and returns both.
        func shellState(_ tmux: TmuxSession) throws -> (status: String, stty: [String]) {
            let statusFile = folder.file("status.txt"), sttyFile = folder.file("stty.txt")
            try tmux.typeLine("echo $? > \(statusFile); stty -a > \(sttyFile).tmp; mv \(sttyFile).tmp \(sttyFile)")
            let deadline = Date().addingTimeInterval(5)
            while !FileManager.default.fileExists(atPath: sttyFile) && Date() < deadline { usleep(50_000) }
            let status = (try? String(contentsOfFile: statusFile, encoding: .utf8)) ?? "none"
            let stty = (try? String(contentsOfFile: sttyFile, encoding: .utf8)) ?? ""
            return (status.trimmingCharacters(in: .whitespacesAndNewlines),
                    stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        }

        func expectUsableTerminal(_ stty: [String], sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(stty.contains("icanon") && stty.contains("echo"), "stty -a: \(stty.joined(separator: " "))", sourceLocation: sourceLocation)
            #expect(!stty.contains("-icanon") && !stty.contains("-echo"), sourceLocation: sourceLocation)
        }

        @Test func plainFlagsOpensTheMenuWithItsSectionsAndQuitsCleanly() throws {
            let tmux = try openMenu("")
            defer { tmux.kill() }
            let screen = try tmux.screen()
            #expect(screen.contains("bibimbap"))
            #expect(screen.contains("demo"))
            #expect(screen.contains("User Preferences (6)"))
            #expect(screen.contains("Build only status (13)"))
            try tmux.send("q")
            try tmux.waitFor(timeout: 5, "the shell prompt") { !$0.contains("Feature Flags (") }
            let state = try shellState(tmux)
            #expect(state.status == "0")
            expectUsableTerminal(state.stty)
        }

        @Test func spaceOverridesXRemovesAndResetAllClears() throws {
            let tmux = try openMenu()
            defer { tmux.kill() }
            try tmux.send("/", "p", "r", "o", "m", "o", "Enter")
            try tmux.waitFor(timeout: 5, "the filter") { $0.contains("filter") && !$0.contains("Tip Jar") }
            let before = line("Promo Banner", in: try tmux.screen())
            #expect(!before.contains("●"))

            try tmux.send("Space")
            let flipped = try tmux.waitFor(timeout: 5, "the override mark") { self.line("Promo Banner", in: $0).contains("●") }
            let row = line("Promo Banner", in: flipped)
            #expect(row.contains("override"))
            #expect(row.contains("[✓]") != before.contains("[✓]"), "the switch flipped: \(before) -> \(row)")
            #expect(try flagJSON("promoBanner").contains(#""source": "override""#))

            try tmux.send("x")
            try tmux.waitFor(timeout: 5, "the override to go") { !self.line("Promo Banner", in: $0).contains("●") }
            #expect(try flagJSON("promoBanner").contains(#""override": null"#))

            try tmux.send("Space", "Escape")
            let set = try BuiltProgram.run(BuiltProgram.flags, ["set", "tipJar", "off"], environment: environment)
            #expect(set.status == 0, "\(set.errors)")
            try tmux.waitFor(timeout: 5, "two overrides") { $0.contains("2 overridden") }
            try tmux.send("R")
            try tmux.waitFor(timeout: 5, "the question") { $0.contains("Reset all 2 overrides? y/n") }
            try tmux.send("y")
            // The header and the rows arrive in one frame, but tmux may show half of it: wait for both.
            try tmux.waitFor(timeout: 5, "no overrides and no marks") { $0.contains("0 overridden") && !$0.contains("●") }
            let list = try BuiltProgram.run(BuiltProgram.flags, ["list", "--json"], environment: environment)
            #expect(!list.output.contains(#""source": "override""#), "\(list.output)")
        }

        @Test func aChangeFromAnotherProcessAppearsWithinASecond() throws {
            let tmux = try openMenu()
            defer { tmux.kill() }
            // Order Tracking matches "order tr" best, so it comes first (fuzzy: "ord" alone finds a
            // dozen rows).
            try tmux.send("/", "o", "r", "d", "e", "r", "Space", "t", "r", "Enter")
            let before = try tmux.waitFor(timeout: 5, "the filter and the selection") {
                $0.contains("filter") && !$0.contains("Tip Jar") && self.line("▸", in: $0).contains("Order Tracking")
            }
            #expect(!line("Order Tracking", in: before).contains("●"))
            let selected = line("▸", in: before)
            let title = line("Feature Flags (", in: before)
            #expect(line("Feature Flags (", in: before).hasPrefix(" Feature Flags ("), "\(before)")

            let set = try BuiltProgram.run(BuiltProgram.flags, ["set", "orderTracking", "off"], environment: environment)
            #expect(set.status == 0, "\(set.errors)")
            let after = try tmux.waitFor(timeout: 20, "the outside change") {
                self.line("Order Tracking", in: $0).contains("●")
            }
            #expect(line("Order Tracking", in: after).contains("[ ]"))
            #expect(line("Feature Flags (", in: after) == title && !after.contains("Tip Jar"), "the filter is kept")
            #expect(selected.contains("Order Tracking"))
            #expect(line("▸", in: after).contains("Order Tracking"), "the selection is kept")
        }

        /// The tool's own hints say `mv` the store: done while the menu is open, the menu notices,
        /// says so and opens the path again, so a toggle lands in the store at the path, not in the
        /// file moved away.
        @Test func aStoreMovedAwayIsReopenedAndTheNextToggleLandsAtThePath() throws {
            let store = folder.file("store/prefs.sqlite"), moved = folder.file("store/old.sqlite")
            #expect(try BuiltProgram.run(BuiltProgram.flags, ["set", "tipJar", "off"], environment: environment).status == 0)
            let tmux = try openMenu()
            defer { tmux.kill() }
            try tmux.waitFor(timeout: 5, "the override from before") { $0.contains("1 overridden") }
            try FileManager.default.moveItem(atPath: store, toPath: moved)
            try tmux.waitFor(timeout: 2, "the header note") { $0.contains("store moved away or deleted: reopened") && $0.contains("0 overridden") }

            try tmux.send("/", "p", "r", "o", "m", "o", "Enter")
            try tmux.waitFor(timeout: 5, "the filter") { $0.contains("filter") && !$0.contains("Tip Jar") }
            try tmux.send("Space")
            try tmux.waitFor(timeout: 5, "the override mark") { self.line("Promo Banner", in: $0).contains("●") }
            let list = try BuiltProgram.run(BuiltProgram.flags, ["list", "--json"], environment: environment)
            #expect(list.status == 0, "\(list.errors)")
            let overridden = Self.overriddenFlags(list.output)
            #expect(overridden == ["promoBanner"], "the toggle is in the store at the path: \(list.output)")
            // The moved file kept what it had (its journal was put back into it), and nothing new.
            let old = try BuiltProgram.run(BuiltProgram.flags, ["list", "--json"], environment: environment.merging(["FLAGS_STORE": moved]) { $1 })
            #expect(Self.overriddenFlags(old.output) == ["tipJar"], "\(old.output) \(old.errors)")
            try tmux.send("q")
            try tmux.waitFor(timeout: 5, "the shell") { !$0.contains("Feature Flags (") }
        }

        /// Another store moved into the path: the menu shows that one and writes into it.
        @Test func aStoreReplacedUnderTheMenuIsReopened() throws {
            let store = folder.file("store/prefs.sqlite"), other = folder.file("store/other.sqlite")
            let tmux = try openMenu()
            defer { tmux.kill() }
            // Made and closed here, so the whole store is in its one file: a `flags` process leaves
            // its last commits in the `-wal` beside it, which a `mv` of the file would leave behind.
            do {
                let replacement = try RegistryDiscovery.open(FlagsOptions(
                    storePath: other, workingDirectory: folder.path, environment: environment.merging(["HOME": folder.path]) { $1 }))
                try replacement.provider.setDebugOverride(try replacement.registry.flag("tipJar"), to: false)
            }
            #expect(rename(other, store) == 0)
            try tmux.waitFor(timeout: 2, "the header note") { $0.contains("store replaced by another file: reopened") && $0.contains("1 overridden") }
            try tmux.send("/", "p", "r", "o", "m", "o", "Enter")
            try tmux.waitFor(timeout: 5, "the filter") { $0.contains("filter") && !$0.contains("Tip Jar") }
            try tmux.send("Space")
            try tmux.waitFor(timeout: 5, "the override mark") { self.line("Promo Banner", in: $0).contains("●") }
            let list = try BuiltProgram.run(BuiltProgram.flags, ["list", "--json"], environment: environment)
            #expect(Self.overriddenFlags(list.output) == ["promoBanner", "tipJar"], "\(list.output) \(list.errors)")
            try tmux.send("q")
            try tmux.waitFor(timeout: 5, "the shell") { !$0.contains("Feature Flags (") }
        }

        /// The ids of the flags `flags list --json` shows with an override, sorted.
        static func overriddenFlags(_ json: String) -> [String] {
            guard let flags = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] else { return [] }
            return flags.filter { $0["source"] as? String == "override" }.compactMap { $0["id"] as? String }.sorted()
        }

        @Test func resizingToTinyAndBackKeepsTheMenuAlive() throws {
            let tmux = try openMenu()
            defer { tmux.kill() }
            try tmux.resize(columns: 20, rows: 6)
            try tmux.waitFor(timeout: 5, "the too-small message") { $0.contains("too small") }
            try tmux.resize(columns: 100, rows: 30)
            try tmux.waitFor(timeout: 5, "the menu again, without the message") {
                $0.contains("Feature Flags (11)") && !$0.contains("too small")
            }
            #expect(!(try tmux.childrenOfShell()).isEmpty, "the menu is still running")
            try tmux.send("q")
            try tmux.waitFor(timeout: 5, "the shell") { !$0.contains("Feature Flags (") }
            expectUsableTerminal(try shellState(tmux).stty)
        }

        @Test func sSavesAPresetAndPAppliesItBack() throws {
            let set = try BuiltProgram.run(BuiltProgram.flags, ["set", "tipJar", "off"], environment: environment)
            #expect(set.status == 0, "\(set.errors)")
            let tmux = try openMenu()
            defer { tmux.kill() }
            try tmux.send("s")
            try tmux.waitFor(timeout: 5, "the name prompt") { $0.contains("Save preset as:") }
            try tmux.run(["send-keys", "-t", "menu", "-l", "lunch"])
            try tmux.send("Enter")
            try tmux.waitFor(timeout: 5, "the saved message") { $0.contains("Saved preset lunch (1 override") }
            let saved = try BuiltProgram.run(BuiltProgram.flags, ["list", "--json"], environment: environment)
            #expect(saved.status == 0 && saved.output.contains(#""source": "override""#), "\(saved.output)")

            // Change the state: one toggle in the menu, one override removed by another process.
            try tmux.send("Space")
            try tmux.waitFor(timeout: 5, "the new override") { $0.contains("2 overridden") }
            #expect(try BuiltProgram.run(BuiltProgram.flags, ["reset", "tipJar"], environment: environment).status == 0)
            try tmux.waitFor(timeout: 5, "the outside removal") { $0.contains("1 overridden") }
            #expect(try BuiltProgram.run(BuiltProgram.flags, ["list", "--json"], environment: environment).output != saved.output)

            try tmux.send("p")
            try tmux.waitFor(timeout: 5, "the chooser") { $0.contains("Presets (1)") && self.line("▸", in: $0).contains("lunch") }
            try tmux.send("Enter")
            try tmux.waitFor(timeout: 5, "the applied message") { $0.contains("applied preset lunch (2 changes)") }
            let applied = try BuiltProgram.run(BuiltProgram.flags, ["list", "--json"], environment: environment)
            #expect(applied.output == saved.output)
            try tmux.send("q")
            try tmux.waitFor(timeout: 5, "the shell") { !$0.contains("Feature Flags (") }
        }

        @Test func controlCLeavesTheTerminalUsable() throws {
            let tmux = try openMenu()
            defer { tmux.kill() }
            try tmux.send("C-c")
            try tmux.waitFor(timeout: 5, "the shell") { !$0.contains("Feature Flags (") }
            let state = try shellState(tmux)
            #expect(state.status == "130")
            expectUsableTerminal(state.stty)
        }

        @Test func sigtermLeavesTheTerminalUsable() throws {
            let tmux = try openMenu()
            defer { tmux.kill() }
            let children = try tmux.childrenOfShell()
            #expect(children.count == 1, "the menu runs under the shell: \(children)")
            for pid in children { Foundation.kill(pid, SIGTERM) }
            try tmux.waitFor(timeout: 5, "the shell") { !$0.contains("Feature Flags (") }
            let state = try shellState(tmux)
            #expect(state.status == "143")
            expectUsableTerminal(state.stty)
        }

        @Test func anUnusableTermIsRefusedWithStatus2() throws {
            let tmux = try TmuxSession(environment: environment)
            defer { tmux.kill() }
            try tmux.typeLine("TERM=dumb \(flags) menu")
            try tmux.waitFor(timeout: 5, "the refusal") { $0.contains("cannot draw on terminal type 'dumb'") }
            #expect(try shellState(tmux).status == "2")
        }

        @Test func notATerminalExits2WithAMessage() throws {
            let result = try BuiltProgram.run(BuiltProgram.flags, ["menu"], environment: environment)
            #expect(result.status == 2)
            #expect(result.errors.contains("needs a terminal"), "\(result.errors)")
            #expect(!FileManager.default.fileExists(atPath: folder.file("store/prefs.sqlite")), "nothing is created when refusing")
        }
    }
}
