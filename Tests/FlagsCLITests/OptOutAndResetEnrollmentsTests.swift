import FeatureFlagsTestSupport
import FlagsCLI
import Foundation
import Formats
import Testing

/// Opting out and back in does what the Nimbus SDK does (an experiment never takes back a client
/// it disqualified; a rollout does), says so, and `flags reset-enrollments` gives QA the way out,
/// asking first. Run in process on the demo, whose client is in `new-menu-test` and
/// `dark-kitchen-rollout`.
@Suite struct OptOutAndResetEnrollmentsTests {
    let flags = InProcessFlags(environment: ["LANG": "C", "LC_ALL": ""])

    @discardableResult
    func run(_ arguments: String..., answers: [String] = [], status expected: Int32 = 0) -> Console {
        let (status, console) = flags.run(arguments, answers: answers)
        #expect(status == expected, "flags \(arguments.joined(separator: " ")): \(console.output) \(console.errors)")
        return console
    }

    /// Each record's `reason` (or `enrolled`), by slug.
    func statuses() throws -> [String: String] {
        let records = try JSONParser.parse(run("experiments", "--json").output)["records"]?.arrayValue ?? []
        var statuses: [String: String] = [:]
        for record in records {
            let slug = record["slug"]?.stringValue ?? ""
            statuses[slug] = record["status"] == .string("enrolled") ? "enrolled" : record["reason"]?.stringValue ?? ""
        }
        return statuses
    }

    @Test func optingBackInFollowsTheSDKAndSaysWhatStaysDisqualified() throws {
        #expect(try statuses()["new-menu-test"] == "enrolled" && statuses()["dark-kitchen-rollout"] == "enrolled", "the premise")
        run("opt-out", "experiments", "on")
        run("opt-out", "rollouts", "on")
        #expect(try statuses()["new-menu-test"] == "disqualified" && statuses()["dark-kitchen-rollout"] == "disqualified")
        let experimentsBack = run("opt-out", "experiments", "off")
        #expect(experimentsBack.errors.contains("note: 1 experiment stays disqualified, as in the Nimbus SDK: "
                                                + "an experiment never takes back a client that opted out (new-menu-test); "
                                                + "`flags reset-enrollments` forgets this client's enrollments"), "\(experimentsBack.errors)")
        run("opt-out", "rollouts", "off")
        let back = try statuses()
        #expect(back["new-menu-test"] == "disqualified", "an experiment keeps the client out for good")
        #expect(back["dark-kitchen-rollout"] == "enrolled", "a rollout takes it back")
        #expect(back["reviews-redesign"] == "paused", "a record it was never in is evaluated again")
        run("undo")
        #expect(try statuses()["new-menu-test"] == "disqualified", "undo brings back the switch, not the enrollment")
    }

    @Test func resetEnrollmentsAsksFirstAndStartsOverAsANewDevice() throws {
        run("opt-out", "experiments", "on")
        run("opt-out", "experiments", "off")
        let refused = run("reset-enrollments", status: 2)
        #expect(refused.errors.hasPrefix("flags: reset-enrollments forgets what `flags undo` cannot bring back, so it asks first: "
                                         + "run it on a terminal to answer y/n, or pass --yes\n"), "\(refused.errors)")
        let declined = run("reset-enrollments", answers: ["n"])
        #expect(declined.errors.contains("Forget 5 enrollments (1 enrolled, 1 disqualified, 3 not enrolled) of client "), "\(declined.errors)")
        #expect(declined.output == "Nothing was reset.\n")
        #expect(try statuses()["new-menu-test"] == "disqualified")
        let accepted = run("reset-enrollments", answers: ["y"])
        #expect(accepted.output.contains("; now enrolled in dark-kitchen-rollout/rollout, new-menu-test/"), "\(accepted.output)")
        #expect(try statuses()["new-menu-test"] == "enrolled")
        let scripted = run("reset-enrollments", "--yes")
        #expect(scripted.output.hasPrefix("Forgot 5 enrollments"), "\(scripted.output)")
        #expect(run("opt-out", "--help").output.contains("those experiments never take it back"))
    }
}
