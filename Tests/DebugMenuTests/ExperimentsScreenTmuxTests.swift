import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestTraits

extension Tmux {
    /// The Experiments screen in the real menu, in tmux: on the demo (with the demo app watching the
    /// same store in another tmux session, whose screen follows a branch forced in the menu) and on
    /// the Firefox for iOS example with records the test writes.
    @Suite("Experiments screen in tmux", .serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
    struct ExperimentsScreenTmuxTests {
        let folder = TemporaryDirectory()
        var environment: [String: String] { ["FLAGS_STORE": folder.file("store/prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")] }

        init() throws {
            // The store's folder must be private.
            try FileManager.default.createDirectory(atPath: folder.file("store"), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }

        /// The line of `screen` containing `text` (empty when none does).
        func line(_ text: String, in screen: String) -> String {
            screen.split(separator: "\n").first { $0.contains(text) }.map(String.init) ?? ""
        }

        /// The app's screen without the gutter that marks changed lines, its wrapped lines joined.
        func unwrapped(_ screen: String) -> String {
            screen.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.dropFirst(2)) }
                .joined(separator: "\n").replacingOccurrences(of: "\n    ", with: " ")
        }

        @Test func forcingABranchInTheMenuChangesTheWatchingApp() throws {
            let app = try TmuxSession(columns: 70, rows: 60, environment: environment)
            defer { app.kill() }
            try app.typeLine("'\(BuiltProgram.path(of: "bibimbap"))' --watch --interval 50")
            try app.waitFor(timeout: 15, "the app's home screen") { $0.contains("build channel:") }

            let menu = try TmuxSession(columns: 110, rows: 32, environment: environment)
            defer { menu.kill() }
            try menu.typeLine("'\(BuiltProgram.flags)' menu")
            try menu.waitFor(timeout: 15, "the demo menu") { $0.contains("bibimbap") && $0.contains("Feature Flags") }
            try menu.send("e")
            // Waits name what they check: a capture can catch a frame half drawn.
            let list = try menu.waitFor(timeout: 10, "the Experiments screen") { screen in
                screen.contains("Experiments (5)") && self.line("reviews-redesign", in: screen).contains("enrollment is paused")
            }
            #expect(line("korean-tip-jar", in: list).contains("not enrolled: targeting did not match"), "\(list)")
            #expect(line("loyalty-card-beta", in: list).contains("for another channel"), "\(list)")
            #expect(line("reviews-redesign", in: list).contains("enrollment is paused"), "\(list)")
            #expect(line("dark-kitchen-rollout", in: list).contains("enrolled in rollout"), "\(list)")

            // new-menu-test's branches: control first, treatment second.
            try menu.send("j", "Enter")
            let branches = try menu.waitFor(timeout: 10, "the branches") { $0.contains("Enter forces a branch") && $0.contains("spice-level") }
            #expect(line("control   ratio", in: branches).contains("ratio 1 \u{B7} 50%"), "\(branches)")
            #expect(branches.contains(#"bibimbap-feature  {"enabled":true,"spice-level":3}"#), "\(branches)")

            try menu.send("g", "Enter")
            try menu.waitFor(timeout: 10, "the outcome") { $0.contains("Forced new-menu-test/control: enrolled.") }
            let classic = try app.waitFor(timeout: 10, "the app on control") { screen in
                self.unwrapped(screen).contains("new-menu-test/control (forced)") && screen.contains("Kimchi jjigae") && !screen.contains("NEW ")
            }
            #expect(classic.contains("Kimchi jjigae") && !classic.contains("NEW The bibimbap menu"), "\(classic)")

            try menu.send("G", "Enter")
            let forced = try menu.waitFor(timeout: 10, "the second force") {
                $0.contains("Forced new-menu-test/treatment: enrolled.") && $0.contains("[forced]")
            }
            #expect(line("treatment   ratio", in: forced).contains("[enrolled]   [forced]"), "\(forced)")
            let bowls = try app.waitFor(timeout: 10, "the app on treatment") { screen in
                self.unwrapped(screen).contains("new-menu-test/treatment (forced)") && screen.contains("Dolsot bibimbap")
            }
            #expect(bowls.contains("NEW The bibimbap menu") && bowls.contains("Dolsot bibimbap"), "\(bowls)")

            // The record, then x unforces: the app goes back to what Nimbus decides.
            try menu.send("r")
            let record = try menu.waitFor(timeout: 10, "the record") { $0.contains("the record (") && $0.contains("\"appId\": \"bibimbap\"") }
            #expect(record.contains("\"appName\": \"bibimbap\""), "\(record)")
            try menu.send("Escape", "x")
            try menu.waitFor(timeout: 10, "the force removed") { $0.contains("Removed the forced branch of new-menu-test: now enrolled in branch `") }
            try app.waitFor(timeout: 10, "the app unforced") { !$0.contains("(forced)") && $0.contains("new-menu-test/") }

            // Esc back to the rows, whose Experiments section lists the records too.
            try menu.send("Escape", "G")
            let rows = try menu.waitFor(timeout: 10, "the Experiments section") { screen in
                screen.contains("Experiments (5) ") && self.line("reviews-redesign", in: screen).contains("Reviews redesign")
            }
            #expect(line("reviews-redesign", in: rows).contains("experiment \u{B7} not enrolled"), "\(rows)")
            try menu.send("q")
        }

        /// Records for Firefox for iOS's own features: a 50/50 experiment, a targeted rollout this
        /// client does not match, a paused experiment.
        func firefoxRecords() throws -> String {
            func record(_ slug: String, rollout: Bool = false, paused: Bool = false, targeting: String = "true",
                        feature: String, variable: String = "enabled", branches: [(String, Bool)]) -> String {
                let list = branches.map { #"{"slug": "\#($0.0)", "ratio": 1, "features": [{"featureId": "\#(feature)", "value": {"\#(variable)": \#($0.1)}}]}"# }
                return #"""
                {"schemaVersion": "1.12.0", "slug": "\#(slug)", "userFacingName": "\#(slug)", "userFacingDescription": "",
                 "isEnrollmentPaused": \#(paused), "isRollout": \#(rollout), "proposedEnrollment": 7, "targeting": "\#(targeting)",
                 "bucketConfig": {"randomizationUnit": "nimbus_id", "namespace": "\#(slug)", "start": 0, "count": 10000, "total": 10000},
                 "branches": [\#(list.joined(separator: ", "))]}
                """#
            }
            let records = [
                record("ios-ab-test", feature: "ad-blocker-feature", branches: [("off", false), ("on", true)]),
                record("ios-autofill-de", rollout: true, targeting: "language == 'de'", feature: "address-autofill-feature", variable: "status", branches: [("rollout", true)]),
                record("ios-paused-test", paused: true, feature: "address-bar-gesture-to-open-tab-tray-feature",
                       variable: "enabled_swipe", branches: [("control", false), ("treatment", true)]),
            ]
            let path = folder.file("firefox-experiments.json")
            try #"{"data": [\#(records.joined(separator: ",\n"))]}"#.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        @Test func theFirefoxExamplesRecordsAreListedAndAForcedBranchReachesItsFlag() throws {
            let records = try firefoxRecords()
            let menu = try TmuxSession(columns: 140, rows: 32, environment: environment)
            defer { menu.kill() }
            try menu.typeLine("'\(BuiltProgram.flags)' --config '\(FirefoxExample.registryPath)' --experiments '\(records)' menu")
            try menu.waitFor(timeout: 15, "the Firefox menu") { $0.contains("firefox-ios") && $0.contains("Ad Blocker") }
            try menu.send("e")
            let list = try menu.waitFor(timeout: 10, "the Experiments screen") { screen in
                screen.contains("Experiments (3)") && self.line("ios-paused-test", in: screen).contains("enrollment is paused")
            }
            #expect(line("ios-autofill-de", in: list).contains("not enrolled: targeting did not match"), "\(list)")
            #expect(line("ios-paused-test", in: list).contains("enrollment is paused"), "\(list)")
            #expect(line("ios-ab-test", in: list).contains("enrolled in o"), "\(list)")

            // Force the paused experiment's treatment: the pause no longer counts.
            try menu.send("G", "Enter")
            try menu.waitFor(timeout: 10, "its branches") { $0.contains("ios-paused-test \u{B7} experiment") }
            try menu.send("G", "Enter")
            let forced = try menu.waitFor(timeout: 10, "the outcome") {
                $0.contains("Forced ios-paused-test/treatment: enrolled.") && $0.contains("forced: treatment")
            }
            #expect(line("ios-paused-test \u{B7}", in: forced).contains("forced: treatment"), "\(forced)")

            // The flag that reads the feature says where its value now comes from.
            try menu.send("Escape", "Escape", "/", "g", "e", "s", "t", "u", "r", "e", "s", "w", "i", "p", "e", "Enter")
            let row = try menu.waitFor(timeout: 10, "the flag's row") { screen in
                screen.contains("filter \u{201C}gestureswipe\u{201D}") && self.line("Address Bar Swipe", in: screen).contains("ios-paused-test")
            }
            #expect(line("Address Bar Swipe", in: row).contains("ios-paused-test/treatment"), "\(row)")
            try menu.send("q")
        }
    }
}
