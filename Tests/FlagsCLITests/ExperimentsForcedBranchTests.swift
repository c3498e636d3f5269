import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing

/// `flags experiments` gives the same answer about a forced branch as the menu and `flags
/// context`: the table marks it, `--json` says so per record, and the client's context is the
/// one this evaluation left, the forced record among the active experiments.
@Suite struct ExperimentsForcedBranchTests {
    let flags = InProcessFlags(environment: ["LANG": "C", "LC_ALL": ""])

    func output(_ arguments: String...) -> String {
        let (status, console) = flags.run(arguments)
        #expect(status == 0, "flags \(arguments.joined(separator: " ")): \(console.errors)")
        return console.output
    }

    @Test func aForcedBranchIsTheSameAnswerInEveryView() throws {
        _ = output("enroll", "reviews-redesign", "--branch", "hidden")
        let row = output("experiments").split(separator: "\n").first { $0.hasPrefix("reviews-redesign ") } ?? ""
        #expect(row.contains("branch hidden (forced)"), "\(row)")

        let json = try JSONParser.parse(output("experiments", "--json"))
        let records = json["records"]?.arrayValue ?? []
        let forced = try #require(records.first { $0["slug"] == .string("reviews-redesign") })
        #expect(forced["forced"] == .bool(true) && forced["forcedBranch"] == .string("hidden") && forced["branch"] == .string("hidden"))
        let natural = try #require(records.first { $0["slug"] == .string("new-menu-test") })
        #expect(natural["forced"] == .bool(false) && natural["forcedBranch"] == .null)

        let context = try JSONParser.parse(output("context", "--json"))
        let active = json["client"]?["context"]?["active_experiments"]
        #expect(active == context["active_experiments"], "experiments and context agree")
        #expect(active?.arrayValue?.contains(.string("reviews-redesign")) == true, "\(String(describing: active))")
        #expect(json["client"]?["context"]?["enrollments_map"] == context["enrollments_map"])
    }

    @Test func diffExitsOneOnDifferencesAndZeroWithout() {
        _ = output("preset", "save", "empty")
        #expect(flags.run(["diff", "preset:empty"]).status == 0)
        _ = output("set", "tipJar", "off")
        let (status, console) = flags.run(["diff", "preset:empty"])
        #expect(status == 1 && console.output.contains("tipJar") && console.errors.isEmpty, "\(console.output)\(console.errors)")
        #expect(flags.run(["diff", "preset:empty", "--json"]).status == 1)
        #expect(flags.run(["diff"]).status == 0, "the overrides in force are a listing, not a comparison")
    }
}
