import BibimbapApp
import BibimbapData
import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Prefs
import Synchronization
import Testing
import TestTraits

extension AppContainerSuite {
    /// The whole app in-process, on the built-in demo with a real store in a temporary folder.
    @Suite(.blocking) final class BibimbapCommandLineTests {
        let folder = TemporaryDirectory()
        var store: String { folder.file("prefs.sqlite") }
        var environment: [String: String] { ["FLAGS_STORE": store, "XDG_STATE_HOME": folder.file("state"), "HOME": folder.path] }

        deinit { DependencyHelperMock().reset() }

        /// Text written to the console, safe to read while the app runs on another thread.
        final class Captured: Sendable {
            let output = Mutex("")
            let errors = Mutex("")
            let stop = Atomic<Bool>(false)
            func console(isTerminal: Bool = false) -> BibimbapConsole {
                BibimbapConsole(isTerminal: isTerminal, write: { text in self.output.withLock { $0 += text } },
                                writeError: { text in self.errors.withLock { $0 += text } })
            }
            var text: String { output.withLock { $0 } }
        }

        private func run(_ words: String..., isTerminal: Bool = false) -> (status: Int32, output: String, errors: String) {
            let captured = Captured()
            let status = BibimbapCommandLine.run(words, console: captured.console(isTerminal: isTerminal), environment: environment,
                                                 workingDirectory: folder.path)
            return (status, captured.text, captured.errors.withLock { $0 })
        }

        @Test func drawsTheHomeScreenOnceAndRegistersTheRealServices() {
            let result = run()
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output.hasPrefix("BIBIMBAP"))
            #expect(result.output.contains("build channel: \(BuildChannel.current.rawValue) · no overrides"))
            #expect(result.output.contains("store: \(store)"))
            #expect(result.output.contains("Free kimchi with every bowl"), "promoBanner's manifest default is on in every channel")
            #expect(!result.output.contains("\u{1B}"), "no color when the output is not a terminal")
            #expect(AppContainer.shared.resolveIfRegistered() as FeatureFlagProviding? is FeatureFlagsProvider)
            #expect(AppContainer.shared.resolveIfRegistered() as UserFeaturePreferring? is UserFeaturePreferenceManager)
        }

        /// Forcing new-menu-test's branch (`e` in the menu, `flags enroll`) changes the app: the
        /// menu the branch configures, and the footer that names the enrollment and counts the force.
        @Test func aForcedBranchChangesTheMenuAndTheFooterNamesIt() throws {
            let prefs = try SQLitePrefs(path: store)
            for (branch, shows) in [("control", "\nMenu\n"), ("treatment", "NEW The bibimbap menu")] {
                try NimbusOverrideStore(prefs: prefs).forceBranch(branch, of: "new-menu-test")
                var result = run()
                // The footer wraps at the screen's width.
                result.output = result.output.replacingOccurrences(of: "\n    ", with: " ")
                #expect(result.status == 0, "\(result.errors)")
                if BuildChannel.current.allowsDebugOverrides {
                    #expect(result.output.contains(shows), "\(branch): \(result.output)")
                    #expect(result.output.contains("new-menu-test/\(branch) (forced)"), "\(result.output)")
                    #expect(result.output.contains("· 1 override honored"), "\(result.output)")
                } else {
                    #expect(!result.output.contains("(forced)"))
                    #expect(result.output.contains("1 override stored, ignored"))
                }
                #expect(result.output.contains("enrolled in dark-kitchen-rollout/rollout · new-menu-test/"), "\(result.output)")
            }
        }

        @Test func aStoredOverrideChangesTheScreenInThisBuild() throws {
            try SQLitePrefs(path: store).setBool(false, forKey: "promoBannerDebugKey")
            let result = run()
            #expect(result.status == 0, "\(result.errors)")
            if BuildChannel.current.allowsDebugOverrides {
                #expect(!result.output.contains("Free kimchi"))
                #expect(result.output.contains("· 1 override honored"))
            } else {
                #expect(result.output.contains("Free kimchi"))
                #expect(result.output.contains("1 override stored, ignored"))
            }
        }

        @Test func helpAndMistakes() {
            let help = run("--help")
            #expect(help.status == 0 && help.output.contains("USAGE: bibimbap"))
            let wrong = run("--frobnicate")
            #expect(wrong.status == 2 && wrong.output.isEmpty)
            #expect(wrong.errors == "bibimbap: unknown option '--frobnicate'\nTry 'bibimbap --help'.\n")
            let missing = run("--config", folder.file("nowhere.yaml"))
            #expect(missing.status == 1 && missing.errors.contains("nowhere.yaml: no such registry file"))
        }

        /// A registry the generated Swift no longer matches is refused at start, naming the flag,
        /// rather than drawn with flags that read something else than the registry says.
        @Test func aRegistryTheGeneratedCodeNoLongerMatchesIsRefused() throws {
            let copy = try BibimbapDemo.materialize(in: folder.file("copy"))
            let text = try String(contentsOfFile: copy, encoding: .utf8)
            let edited = text.replacingOccurrences(of: "    userPrefsKey: DeliveryUserPrefsKey\n", with: "")
            try #require(edited != text)
            try edited.write(toFile: copy, atomically: true, encoding: .utf8)
            let result = run("--config", copy)
            #expect(result.status == 1 && result.output.isEmpty)
            #expect(result.errors.contains("no longer matches it: flag 'delivery' has userPrefsKey DeliveryUserPrefsKey in the code but none in the registry"),
                    "\(result.errors)")
            #expect(run("--config", try BibimbapDemo.materialize(in: folder.file("copy"))).status == 0, "the demo's own registry matches")
        }

        /// On a terminal the screen is as wide as it (up to 100 columns); a pipe gets 64; --width wins.
        @Test func theScreenFollowsTheTerminalsWidth() {
            func widestDishLine(_ words: [String], columns: Int?) -> Int {
                let captured = Captured()
                let console = BibimbapConsole(isTerminal: columns != nil, write: { text in captured.output.withLock { $0 += text } },
                                              writeError: { _ in }, columns: { columns })
                #expect(BibimbapCommandLine.run(words + ["--color", "never"], console: console, environment: environment,
                                                workingDirectory: folder.path) == 0)
                return captured.text.split(separator: "\n").filter { $0.contains(" ....") }.map(\.count).max() ?? 0
            }
            #expect(widestDishLine([], columns: 59) == 59)
            #expect(widestDishLine([], columns: 300) == HomeScreenRenderer.maximumAutomaticWidth)
            #expect(widestDishLine([], columns: nil) == HomeScreenRenderer.defaultWidth)
            #expect(widestDishLine(["--width", "70"], columns: 59) == 70)
        }

        /// `--watch` redraws when another connection (another process, in real life) writes the store.
        @Test func watchRedrawsWhenTheStoreChanges() async throws {
            let captured = Captured()
            let environment = environment
            let folderPath = folder.path
            // Not detached: the app must see this test's scoped AppContainer.
            let app = Task {
                BibimbapCommandLine.run(["--watch", "--interval", "20", "--color", "always"], console: captured.console(isTerminal: true),
                                        environment: environment, workingDirectory: folderPath,
                                        stopWhen: { captured.stop.load(ordering: .acquiring) })
            }
            func frames() -> [String] { captured.text.components(separatedBy: BibimbapCommandLine.clearScreen).dropFirst().map { $0 } }
            func waitFor(_ count: Int) async throws -> [String] {
                for _ in 0..<500 where frames().count < count { try await Task.sleep(for: .milliseconds(10)) }
                return frames()
            }
            let first = try await waitFor(1)
            #expect(first.count == 1 && first[0].contains("Free kimchi"))

            let other = try SQLitePrefs(path: store)
            try other.setBool(false, forKey: "promoBannerDebugKey")
            try other.setString("top", forKey: "SearchBarPositionUserPrefsKey")
            let later = try await waitFor(2)
            captured.stop.store(true, ordering: .releasing)
            #expect(await app.value == 0)

            #expect(later.count >= 2)
            let last = later.last ?? ""
            #expect(last.contains("Search dishes"))
            #expect(last.contains("\u{1B}["), "--color always")
            if BuildChannel.current.allowsDebugOverrides {
                #expect(!last.contains("Free kimchi"), "the override written by the other connection is shown")
            }
            #expect(captured.text.hasSuffix("\n"))
        }
    }
}
