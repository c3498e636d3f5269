import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing
import TestHelpers
import TestTraits

/// `flags enroll` and `flags unenroll` on the real binary and real stores: a forced branch wins
/// over targeting, bucketing and a paused enrollment, loses a feature conflict as the SDK decides,
/// shows as `experiment SLUG/BRANCH (forced)`, and errors name what to type instead.
@Suite(.blocking) struct EnrollCommandTests {
    let flags = FlagsInFolder(environment: ["LANG": "C", "LC_ALL": "", "COLUMNS": "200"])
    var folder: TemporaryDirectory { flags.folder }

    private func flag(_ id: String, _ options: [String] = []) throws -> JSONValue {
        try JSONParser.parse(try flags.run(options + ["get", id, "--json"]).output)
    }

    private func writeRecords(_ records: [JSONValue]) -> String {
        folder.write(JSONValue.object(["data": .array(records)]).prettyText, to: "records.json")
    }

    /// The demo's `korean-tip-jar` rollout targets Korean speakers on beta; this client speaks C.
    @Test func aForcedBranchWinsOverTargeting() throws {
        let beta = ["--channel", "beta"]
        #expect(try flag("tipJar", beta)["enabled"] == .bool(false), "the premise: not targeted, so the default")
        let enroll = try flags.run(beta + ["enroll", "korean-tip-jar"])
        #expect(enroll.output == "korean-tip-jar: forced branch rollout; enrolled in branch `rollout` (forced; `flags unenroll korean-tip-jar` returns to what Nimbus decides)\n")
        let tipJar = try flag("tipJar", beta)
        #expect(tipJar["enabled"] == .bool(true) && tipJar["rollout"] == .string("korean-tip-jar") && tipJar["forced"] == .bool(true))
        #expect(try flags.run(beta + ["get", "tipJar"]).output.hasPrefix("tipJar: on  (rollout korean-tip-jar (forced))"), "a forced rollout says so too")
        #expect(try flags.run(beta + ["feature", "tip-jar-feature"]).output.contains("rollout korean-tip-jar (forced)"))
        let unenroll = try flags.run(beta + ["unenroll", "korean-tip-jar"])
        #expect(unenroll.output.hasPrefix("korean-tip-jar: forced branch rollout removed; not enrolled"), "\(unenroll.output)")
        #expect(try flag("tipJar", beta)["enabled"] == .bool(false), "back to what targeting decides")
    }

    /// A record whose bucket range holds no client at all.
    @Test func aForcedBranchWinsOverBucketing() throws {
        let records = writeRecords([ExperimentsCommandTests.record(
            "nobody-test", feature: "reviews-feature", branches: [("control", 1, .object([:])), ("hidden", 1, .object(["enabled": .bool(false)]))],
            count: 0)])
        let options = ["--experiments", records]
        #expect(try flag("reviews", options)["source"] == .string("default"))
        let enroll = try flags.run(options + ["enroll", "nobody-test", "--branch", "hidden"])
        #expect(enroll.output.contains("enrolled in branch `hidden` (forced"), "\(enroll.output)")
        let reviews = try flag("reviews", options)
        #expect(reviews["enabled"] == .bool(false) && reviews["source"] == .string("experiment") && reviews["forced"] == .bool(true))
        #expect(reviews["experiment"] == .object(["slug": .string("nobody-test"), "branch": .string("hidden")]))
    }

    /// The demo's `reviews-redesign` is paused: nobody new enrolls, unless forced.
    @Test func aForcedBranchWinsOverAPausedEnrollmentAndShowsAsForced() throws {
        #expect(try flag("reviews")["source"] == .string("default"))
        try flags.run("enroll", "reviews-redesign", "--branch", "hidden")
        let reviews = try flag("reviews")
        #expect(reviews["enabled"] == .bool(false) && reviews["source"] == .string("experiment") && reviews["forced"] == .bool(true))
        #expect(try flags.run("get", "reviews").output.hasPrefix("reviews: off  (experiment reviews-redesign/hidden (forced))"))
        #expect(try flags.run("list").output.contains("experiment reviews-redesign/hidden (forced)"))
        #expect(try flag("newBibimbapMenu")["forced"] == .bool(false), "an experiment not forced says so")
    }

    /// Another experiment already holding the feature keeps it: the forced record is in a feature
    /// conflict, as the SDK decides, and `enroll` says so.
    @Test func aForcedBranchLosesAFeatureConflictToAnEarlierEnrollment() throws {
        let records = writeRecords([
            ExperimentsCommandTests.record("reviews-first", feature: "reviews-feature", branches: [("only", 1, .object(["minimum-stars": .int(4)]))]),
            ExperimentsCommandTests.record("reviews-second", feature: "reviews-feature", branches: [("a", 1, .object([:])), ("b", 1, .object(["enabled": .bool(false)]))],
                                           targeting: "false"),
        ])
        let options = ["--experiments", records]
        try flags.run(options + ["experiments"])   // the client enrolls in reviews-first, as a device would at start
        let enroll = try flags.run(options + ["enroll", "reviews-second", "--branch", "b"])
        #expect(enroll.output.hasPrefix("reviews-second: forced branch b; not enrolled"), "\(enroll.output)")
        #expect(enroll.output.contains("already holds") || enroll.output.contains("conflict"), "\(enroll.output)")
        #expect(enroll.output.contains("reviews-first"), "the record that wins is named: \(enroll.output)")
        #expect(try flag("reviews", options)["enabled"] == .bool(true), "reviews-first keeps the feature")
    }

    @Test func mistakesAreNamedWithWhatToTypeInstead() throws {
        let several = try flags.run("enroll", "new-menu-test", status: 1)
        #expect(several.errors.contains("`new-menu-test` has 2 branches: give one with --branch: `control`, `treatment`"))
        let branch = try flags.run("enroll", "new-menu-test", "--branch", "treatmnt", status: 1)
        #expect(branch.errors.contains("has no branch `treatmnt` (did you mean `treatment`?); its branches are `control`, `treatment`"))
        let slug = try flags.run("enroll", "new-menu-tst", status: 1)
        #expect(slug.errors.contains("no experiment or rollout `new-menu-tst` in the records of ") && slug.errors.contains("experiments.json (did you mean `new-menu-test`?)"))
        #expect(try flags.run("enroll", status: 2).errors.contains("missing the experiment's SLUG"))
        let other = writeRecords([{
            guard case .object(var record) = ExperimentsCommandTests.record("fenix-test", feature: "reviews-feature", branches: [("a", 1, .object([:]))]) else { return .null }
            record["appName"] = .string("fenix")
            return .object(record)
        }()])
        let otherApp = try flags.run("--experiments", other, "enroll", "fenix-test", status: 1)
        #expect(otherApp.errors.contains("`fenix-test` is a record of app `fenix`, not of `bibimbap`"), "\(otherApp.errors)")
        #expect(try flags.run("diff").output.contains("No overrides in force"), "nothing was stored by a refused enroll")
    }

    @Test func unenrollRemovesOneOrAllAndNamesSlugsThatWereNotForced() throws {
        #expect(try flags.run("unenroll").output == "No branches were forced.\n")
        try flags.run("enroll", "new-menu-test", "--branch", "control")
        try flags.run("enroll", "reviews-redesign", "--branch", "hidden")
        let typo = try flags.run("unenroll", "reviews-redesing")
        #expect(typo.output == "no forced branch of reviews-redesing to remove (did you mean `reviews-redesign`?); forced: new-menu-test, reviews-redesign\n")
        let all = try flags.run("unenroll")
        #expect(all.output.contains("new-menu-test: forced branch control removed; ") && all.output.contains("reviews-redesign: forced branch hidden removed; "))
        #expect(try flag("reviews")["source"] == .string("default"))
    }

    /// A preview of release, whose builds ignore overrides, stores the branch and says it is inactive, as `flags set` does.
    @Test func enrollWhilePreviewingReleaseStoresButSaysItIsInactive() throws {
        let result = try flags.run("--channel", "release", "enroll", "new-menu-test", "--branch", "control")
        #expect(result.output == "new-menu-test: forced branch control (stored, but inactive while previewing release: a release build ignores overrides)\n")
        #expect(try flag("newBibimbapMenu")["experiment"] == .object(["slug": .string("new-menu-test"), "branch": .string("control")]))
        #expect(try flag("newBibimbapMenu")["forced"] == .bool(true))
    }

    /// A forced branch the record no longer has stays stored and is a warning on every command.
    @Test func aForcedBranchThatCannotApplyIsAWarning() throws {
        try flags.run("enroll", "new-menu-test", "--branch", "treatment")
        let records = writeRecords([ExperimentsCommandTests.record("new-menu-test", feature: "bibimbap-feature", branches: [("control", 1, .object([:]))])])
        let list = try flags.run("--experiments", records, "list")
        #expect(list.errors.contains("warning: `new-menu-test` has no branch `treatment`; its branches are `control`; `flags unenroll` removes the forced branch"), "\(list.errors)")
    }
}
