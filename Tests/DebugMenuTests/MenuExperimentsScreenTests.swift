import DebugMenu
import FeatureFlags
import FlagsTool
import FeatureFlagsTestSupport
import Foundation
import Testing

/// The Experiments screen and section on the controller, with the demo registry (a rollout, a
/// 50/50 experiment, a targeted rollout, a beta-only and a paused experiment) and a real store:
/// statuses and reasons, forcing a branch and what the evaluation made of it, unforcing, undo,
/// the release preview's refusal.
@Suite("Menu Experiments screen")
struct MenuExperimentsScreenTests {
    let folder = TemporaryDirectory()

    func open(experiments: String? = nil) throws -> FlagsEnvironment {
        try RegistryDiscovery.open(FlagsOptions(
            storePath: folder.file("store/prefs.sqlite"), channel: "developer", experiments: experiments,
            workingDirectory: folder.path, environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path]))
    }

    func menu(experiments: String? = nil) throws -> FeatureFlagsDebugViewController {
        FeatureFlagsDebugViewController(environment: try open(experiments: experiments), glyphs: .ascii)
    }

    func item(_ slug: String, in controller: FeatureFlagsDebugViewController) -> ExperimentsScreen.Item? {
        controller.screen.experimentsScreen?.items.first { $0.slug == slug }
    }

    func text(_ controller: FeatureFlagsDebugViewController) -> String {
        controller.frame(size: Terminal.Size(rows: 30, columns: 120)).map(\.text).joined(separator: "\n")
    }

    /// The branch of new-menu-test this client is not in, to force.
    func otherBranch(in controller: FeatureFlagsDebugViewController) throws -> (natural: String, other: String) {
        let natural = try #require(controller.environment.experiments.result(for: "new-menu-test")?.status.branch)
        return (natural, natural == "control" ? "treatment" : "control")
    }

    @Test func theScreenListsEveryRecordWithItsStatusAndTheReason() throws {
        let controller = try menu()
        controller.handle(.character("e"))
        #expect(controller.screen.keyMode == .experiments)
        let items = try #require(controller.screen.experimentsScreen?.items)
        #expect(items.map(\.slug) == ["dark-kitchen-rollout", "new-menu-test", "korean-tip-jar", "loyalty-card-beta", "reviews-redesign"])
        #expect(items.map(\.kind) == [.rollout, .experiment, .rollout, .experiment, .experiment])
        #expect(items[0].status == .enrolled(branch: "rollout"))
        for (index, reason) in [(2, "targeting did not match"), (3, "for another channel"), (4, "enrollment is paused")] {
            #expect(items[index].status == .notEnrolled)
            #expect(items[index].reason.contains(reason), "\(items[index].reason)")
        }
        // The reasons are the evaluation's own sentences.
        let experiments = controller.environment.experiments
        #expect(items.map(\.reason) == experiments.enrollments.map(experiments.explanation(of:)))
        let newMenu = items[1]
        #expect(newMenu.branches.map(\.slug) == ["control", "treatment"])
        #expect(newMenu.branches.map(\.percent) == [50, 50])
        #expect(newMenu.branches.filter(\.isEnrolled).map(\.slug) == [try otherBranch(in: controller).natural])
        #expect(newMenu.branches[1].features == [.init(featureId: "bibimbap-feature", json: #"{"enabled":true,"spice-level":3}"#)])
        #expect(newMenu.recordLines.contains("  \"slug\": \"new-menu-test\","), "\(newMenu.recordLines)")
        let screen = text(controller)
        #expect(screen.contains("reviews-redesign      experiment  not enrolled"), "\(screen)")
    }

    @Test func theExperimentsSectionHasARowPerRecordAndEOpensTheScreenOnIt() throws {
        let controller = try menu()
        let rows = controller.rows.filter { $0.section == .experiments }
        #expect(rows.map(\.id) == ["dark-kitchen-rollout", "new-menu-test", "korean-tip-jar", "loyalty-card-beta", "reviews-redesign"]
            .map { MenuRowID.experiment($0).rawValue })
        #expect(rows.allSatisfy { !$0.isActionable })
        #expect(rows.last?.sourceColumnText == "experiment | not enrolled: enrollment is paused")
        #expect(rows.first?.statusText == "Dark kitchen rollout")
        // Filterable like every row: by status.
        for character in "/paused" { controller.handle(.character(character)) }
        controller.handle(.enter)
        #expect(controller.screen.selectedRow?.id == "experiment:reviews-redesign", "\(String(describing: controller.screen.selectedRow))")
        controller.handle(.character("e"))
        #expect(controller.screen.experimentsScreen?.selectedItem?.slug == "reviews-redesign")
    }

    @Test func enterOnABranchForcesItAndTheRowsTheScreenAndTheFlagsFollow() throws {
        let controller = try menu()
        let (_, other) = try otherBranch(in: controller)
        controller.perform(.showExperiments(slug: "new-menu-test"))
        controller.handle(.enter)
        controller.handle(other == "control" ? .up : .down)
        #expect(controller.screen.experimentsScreen?.selectedBranch?.slug == other)
        controller.handle(.enter)
        #expect(controller.screen.message == "Forced new-menu-test/\(other): enrolled.")
        #expect(NimbusOverrideStore(prefs: controller.environment.prefs).overrides.forcedBranches == ["new-menu-test": other])
        // The open screen is the new evaluation's, still on the branches.
        #expect(controller.screen.experimentsScreen?.level == .branches)
        let forced = try #require(item("new-menu-test", in: controller))
        #expect(forced.status == .forced(branch: other))
        #expect(forced.branches.first { $0.slug == other }.map { $0.isForced && $0.isEnrolled } == true)
        // As published: the real ratios, not the rewrite that forces the branch.
        #expect(forced.branches.map(\.ratio) == [1, 1])
        #expect(forced.recordLines.contains { $0.contains("\"targeting\": \"true\"") } && !forced.recordLines.contains { $0.contains("\"ratio\": 100") })
        #expect(forced.reason.contains("forced"), "\(forced.reason)")
        #expect(controller.rows.first { $0.id == "experiment:new-menu-test" }?.sourceColumnText == "experiment | forced: \(other)")
        let spice = controller.previewed.provider.state(of: try controller.environment.registry.flag("newBibimbapMenu"))
        #expect(spice.source == .forcedBranch(slug: "new-menu-test", branch: other))
        #expect(spice.enabled == (other == "treatment"))

        // x removes it, on the branches level too; the natural enrollment comes back.
        controller.handle(.character("x"))
        #expect(NimbusOverrideStore(prefs: controller.environment.prefs).overrides.forcedBranches.isEmpty)
        #expect(controller.screen.message?.hasPrefix("Removed the forced branch of new-menu-test: now enrolled in branch `") == true,
                "\(controller.screen.message ?? "")")
        #expect(item("new-menu-test", in: controller)?.status == .enrolled(branch: try otherBranch(in: controller).natural))
        controller.handle(.character("x"))
        #expect(controller.screen.message == "\u{201C}new-menu-test\u{201D} has no forced branch.")
    }

    @Test func aForcedBranchBeatsPauseAndUUndoesTheForce() throws {
        let controller = try menu()
        controller.perform(.showExperiments(slug: "reviews-redesign"))
        controller.handle(.enter)
        controller.handle(.character("G"))
        controller.handle(.enter)
        #expect(controller.screen.message == "Forced reviews-redesign/hidden: enrolled.")
        #expect(item("reviews-redesign", in: controller)?.status == .forced(branch: "hidden"))
        #expect(controller.previewed.provider.isEnabled(try controller.environment.registry.flag("reviews")) == false)

        controller.handle(.character("u"))
        #expect(controller.screen.message == "Undid: forced branch reviews-redesign hidden \u{2192} none.")
        #expect(NimbusOverrideStore(prefs: controller.environment.prefs).overrides.forcedBranches.isEmpty)
        #expect(item("reviews-redesign", in: controller)?.status == .notEnrolled)
    }

    @Test func theReleasePreviewRefusesToForceAndSaysAStoredForceIsIgnored() throws {
        let controller = try menu()
        try NimbusOverrideStore(prefs: controller.environment.prefs).forceBranch("hidden", of: "reviews-redesign")
        controller.handle(.timeout)
        controller.preview("release")
        controller.perform(.showExperiments(slug: "reviews-redesign"))
        let paused = try #require(item("reviews-redesign", in: controller))
        #expect(paused.status == .notEnrolled, "a release build decides as if nothing were forced")
        #expect(paused.forcedBranch == "hidden")
        #expect(paused.reason.contains("branch `hidden` is forced in the store, but a release build ignores forced branches"), "\(paused.reason)")

        controller.perform(.forceBranch(slug: "new-menu-test", branch: "control"))
        #expect(controller.screen.message == "Not forced: a release build ignores forced branches, like every debug override; c previews another channel.")
        #expect(NimbusOverrideStore(prefs: controller.environment.prefs).overrides.forcedBranches == ["reviews-redesign": "hidden"])
    }

    /// Records of the test's own: two experiments on one feature (the earlier published holds
    /// it), one whose targeting names an unknown identifier, and one that cannot be read.
    func conflictingRecords() throws -> String {
        func record(_ slug: String, published: String, branches: [String], targeting: String = "true",
                    feature: String = "bibimbap-feature") -> String {
            let list = branches.map { #"{"slug": "\#($0)", "ratio": 1, "features": [{"featureId": "\#(feature)", "value": {"enabled": true}}]}"# }
            return #"""
            {"schemaVersion": "1.12.0", "slug": "\#(slug)", "appName": "bibimbap", "userFacingName": "\#(slug)",
             "userFacingDescription": "", "isEnrollmentPaused": false, "proposedEnrollment": 7, "publishedDate": "\#(published)",
             "targeting": "\#(targeting)",
             "bucketConfig": {"randomizationUnit": "nimbus_id", "namespace": "\#(slug)", "start": 0, "count": 10000, "total": 10000},
             "branches": [\#(list.joined(separator: ", "))]}
            """#
        }
        let path = folder.file("conflict.json")
        let broken = #"{"slug": "broken-record", "schemaVersion": "1"}"#
        try #"{"data": [\#(record("early", published: "2026-01-01T00:00:00Z", branches: ["a"])), \#(record("late", published: "2026-06-01T00:00:00Z", branches: ["x", "y"])), \#(record("typo", published: "2026-07-01T00:00:00Z", branches: ["z"], targeting: "lnaguage == 'de'", feature: "tip-jar-feature")), \#(broken)]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func forcingAnExperimentThatLosesItsFeatureSaysWhyAndUnreadableAndBrokenRecordsAreListed() throws {
        let controller = try menu(experiments: try conflictingRecords())
        controller.perform(.showExperiments(slug: nil))
        let skipped = try #require(item("broken-record", in: controller))
        #expect(skipped.kind == .skipped && skipped.status == .skipped)
        #expect(skipped.reason.contains("userFacingName"), "\(skipped.reason)")
        #expect(item("early", in: controller)?.status == .enrolled(branch: "a"))
        let typo = try #require(item("typo", in: controller))
        #expect(typo.status == .error && typo.statusText == "error")
        #expect(typo.reason.contains("lnaguage"), "\(typo.reason)")
        #expect(controller.rows.first { $0.id == "experiment:typo" }?.sourceColumnText == "experiment | error")

        controller.perform(.forceBranch(slug: "late", branch: "y"))
        let message = controller.screen.message ?? ""
        #expect(message.hasPrefix("Forced late/y, but not enrolled: ") && message.contains("although branch `y` is forced"), "\(message)")
        let late = try #require(item("late", in: controller))
        #expect(late.statusText == "not enrolled (y forced)")
        #expect(late.branches.map(\.isForced) == [false, true])
    }
}
