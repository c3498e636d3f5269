import FeatureFlags
import FeatureFlagsTestSupport
import FlagsCLI
import Foundation
import Formats
import Nimbus
import Testing

/// Experiments evaluated through the command line, on the demo app with records written per test.
@Suite struct ExperimentsCommandTests {
    let flags = InProcessFlags(environment: ["LANG": "en_US.UTF-8"])
    var folder: TemporaryDirectory { flags.folder }

    private func run(_ arguments: [String]) -> (status: Int32, console: Console) {
        flags.run(arguments)
    }

    private func json(_ arguments: String...) throws -> JSONValue {
        let (status, console) = run(arguments)
        #expect(status == 0, "\(console.errors)")
        return try JSONParser.parse(console.output)
    }

    /// A Remote Settings record for the demo app; `value` goes into every branch's feature.
    static func record(_ slug: String, feature: String, branches: [(String, Int, JSONValue)], isRollout: Bool = false,
                       count: Int = 10_000, targeting: String = "true", namespace: String? = nil) -> JSONValue {
        .object([
            "schemaVersion": .string("1.12.0"), "slug": .string(slug), "appName": .string("bibimbap"), "appId": .string("bibimbap"),
            "userFacingName": .string(slug), "userFacingDescription": .string("test"), "isEnrollmentPaused": .bool(false),
            "isRollout": .bool(isRollout), "proposedEnrollment": .int(7), "targeting": .string(targeting),
            "featureIds": .array([.string(feature)]),
            "bucketConfig": .object(["randomizationUnit": .string("nimbus_id"), "namespace": .string(namespace ?? slug),
                                     "start": .int(0), "count": .int(count), "total": .int(10_000)]),
            "branches": .array(branches.map { slug, ratio, value in
                .object(["slug": .string(slug), "ratio": .int(ratio),
                         "features": .array([.object(["featureId": .string(feature), "value": value])])])
            }),
        ])
    }

    @discardableResult
    private func writeRecords(_ records: [JSONValue]) -> String {
        folder.write(JSONValue.object(["data": .array(records)]).prettyText, to: "records.json")
    }

    @Test(arguments: [("3d2142de-53bf-2d48-a92d-45fb7036cbf6", "blue"), ("542213c0-9aef-47eb-bc6b-3b8529736ba2", "control")])
    func upstreamBranchVectorsNameTheSameBranch(nimbusID: String, branch: String) throws {
        let path = writeRecords([Self.record("TEST_EXP1", feature: "reviews-feature",
                                             branches: [("control", 1, .object([:])), ("blue", 1, .object(["enabled": .bool(false)]))])])
        let output = try json("experiments", "--json", "--experiments", path, "--nimbus-id", nimbusID)
        let record = try #require(output["records"]?.arrayValue?.first)
        #expect(record["status"] == .string("enrolled"))
        #expect(record["branch"] == .string(branch))
        #expect(output["client"]?["nimbusId"] == .string(nimbusID))
    }

    /// Nimbus ids that the 50% experiment bucket does and does not select, found by the real hash.
    private static func ids(inExperiment wanted: Bool, namespace: String) -> String {
        for index in 0..<10_000 {
            let id = String(format: "00000000-0000-4000-8000-%012d", index)
            if Sampling.bucketSample(input: .array([.string(id), .string(namespace)]), start: 0, count: 5_000, total: 10_000) == wanted {
                return id
            }
        }
        fatalError("no id found")
    }

    @Test func experimentWinsOverRolloutOnlyForClientsItSelects() throws {
        let path = writeRecords([
            Self.record("promo-rollout", feature: "promo-banner-feature", branches: [("rollout", 1, .object(["enabled": .bool(false)]))],
                        isRollout: true),
            Self.record("promo-test", feature: "promo-banner-feature",
                        branches: [("a", 1, .object(["enabled": .bool(true)])), ("b", 1, .object(["enabled": .bool(true)]))],
                        count: 5_000, namespace: "promo-ns"),
        ])
        let inside = Self.ids(inExperiment: true, namespace: "promo-ns")
        let outside = Self.ids(inExperiment: false, namespace: "promo-ns")

        let selected = try json("get", "promoBanner", "--json", "--experiments", path, "--nimbus-id", inside)
        #expect(selected["source"] == .string("experiment") && selected["enabled"] == .bool(true))
        #expect(selected["experiment"]?["slug"] == .string("promo-test"))

        let others = try json("get", "promoBanner", "--json", "--experiments", path, "--nimbus-id", outside)
        #expect(others["source"] == .string("rollout") && others["enabled"] == .bool(false))
        #expect(others["experiment"] == .null && others["rollout"] == .string("promo-rollout"))
    }

    @Test func malformedRecordIsSkippedWithAReasonWhileOthersApply() throws {
        guard case .object(var broken) = Self.record("broken-one", feature: "reviews-feature", branches: [("a", 1, .object([:]))]) else {
            Issue.record("a record fixture must be a JSON object")
            return
        }
        broken["bucketConfig"] = nil
        let path = writeRecords([.object(broken),
                                 Self.record("tips-on", feature: "tip-jar-feature", branches: [("on", 1, .object(["enabled": .bool(true)]))],
                                             isRollout: true)])
        let output = try json("experiments", "--json", "--experiments", path)
        let skipped = try #require(output["skipped"]?.arrayValue?.first)
        #expect(skipped["name"] == .string("broken-one"))
        #expect(skipped["reason"]?.stringValue?.contains("bucketConfig") == true)
        #expect(try json("--channel", "release", "get", "tipJar", "--json", "--experiments", path)["source"] == .string("rollout"))
    }

    @Test func targetingErrorNamesTheExperimentAndTheIdentifier() throws {
        let path = writeRecords([Self.record("needs-os", feature: "reviews-feature", branches: [("a", 1, .object([:]))],
                                             targeting: "os_version >= 17")])
        let (status, console) = run(["experiments", "--experiments", path])
        #expect(status == 0)
        #expect(console.output.contains("needs-os") && console.output.contains("os_version"))
        let validate = run(["validate", "--experiments", path])
        #expect(validate.status == 1 && validate.console.output.contains("record needs-os") && validate.console.output.contains("os_version"))
        let withContext = try json("experiments", "--json", "--experiments", path, "--context", "os_version=18")
        #expect(withContext["records"]?.arrayValue?.first?["status"] == .string("enrolled"))
    }

    @Test func optingOutOfRolloutsBringsBackTheDefault() throws {
        let path = writeRecords([Self.record("tips-on", feature: "tip-jar-feature", branches: [("on", 1, .object(["enabled": .bool(true)]))],
                                             isRollout: true)])
        #expect(try json("--channel", "release", "get", "tipJar", "--json", "--experiments", path)["source"] == .string("rollout"))
        #expect(run(["opt-out", "rollouts", "on"]).status == 0)
        let flag = try json("--channel", "release", "get", "tipJar", "--json", "--experiments", path)
        #expect(flag["source"] == .string("default") && flag["enabled"] == .bool(false))
        let record = try json("experiments", "--json", "--experiments", path)["records"]?.arrayValue?.first
        #expect(record?["reason"] == .string("opted-out"))
        #expect(run(["opt-out", "rollouts", "off"]).status == 0)
        #expect(try json("--channel", "release", "get", "tipJar", "--json", "--experiments", path)["source"] == .string("rollout"))
    }

    @Test func validateReportsBranchValuesThatDoNotFitTheManifest() throws {
        let path = writeRecords([Self.record("bad-types", feature: "reviews-feature",
                                             branches: [("a", 1, .object(["minimum-stars": .string("three")]))])])
        let (status, console) = run(["validate", "--experiments", path])
        #expect(status == 1)
        #expect(console.output.contains("feature `reviews-feature`, variable `minimum-stars`"))
        #expect(run(["validate"]).status == 0, "the demo's own records are valid")
    }

    @Test func wrongTypedVariableFallsBackToTheDefault() throws {
        let path = writeRecords([Self.record("bad-enabled", feature: "reviews-feature",
                                             branches: [("a", 1, .object(["enabled": .string("yes")]))], isRollout: true)])
        let flag = try json("get", "reviews", "--json", "--experiments", path)
        #expect(flag["enabled"] == .bool(true) && flag["source"] == .string("default"))
    }

    @Test func nimbusIdIsStableAndStoredLowercase() throws {
        let first = try json("experiments", "--json")["client"]?["nimbusId"]?.stringValue
        let second = try json("experiments", "--json")["client"]?["nimbusId"]?.stringValue
        let id = try #require(first)
        #expect(id == second && id == id.lowercased() && UUID(uuidString: id) != nil)
    }

    @Test func badExperimentsFileIsAWarningNotAFailure() throws {
        let path = folder.write("{\"data\": [ {\"slug\": }", to: "broken.json")
        let (status, console) = run(["list", "--experiments", path])
        #expect(status == 0)
        #expect(console.errors.contains("warning: \(path):1:"))
        #expect(run(["validate", "--experiments", path]).status == 1)
    }

    /// A long error (here jexl-rs's refusal of `!`) would widen every row of the table to its
    /// length: the table shows its start, and the whole sentence follows the table.
    @Test func aLongReasonIsShortInTheTableAndWholeBelowIt() throws {
        let path = writeRecords([Self.record("bang", feature: "reviews-feature", branches: [("on", 1, .object([:]))],
                                             targeting: "!is_first_run")])
        let (status, console) = run(["experiments", "--experiments", path])
        #expect(status == 0, "\(console.errors)")
        let lines = console.output.split(separator: "\n")
        let row = try #require(lines.first { $0.hasPrefix("bang ") })
        #expect(row.contains("\u{2026}"), "\(row)")
        #expect(lines.dropFirst().allSatisfy { $0.count <= 80 }, "every line below the one naming the records file fits 80 columns: \(console.output)")
        // The whole sentence follows the table, its continuation lines indented under it.
        let below = console.output.components(separatedBy: "\nerror: bang: targeting of `bang` failed:")
        #expect(below.count == 2, "\(console.output)")
        #expect(below.last?.replacingOccurrences(of: "\n    ", with: " ").contains("has no `!` operator") == true, "\(console.output)")
    }

    /// The reason's facts reach the table and the JSON, whose machine names stay as they were.
    @Test func theReasonSaysWhyWithTheFacts() throws {
        let id = "3d2142de-53bf-2d48-a92d-45fb7036cbf6"
        let path = writeRecords([
            Self.record("korean", feature: "tip-jar-feature", branches: [("on", 1, .object([:]))], targeting: "language == 'ko'"),
            Self.record("nobody", feature: "reviews-feature", branches: [("on", 1, .object([:]))], count: 0, namespace: "ns"),
        ])
        let output = try json("experiments", "--json", "--experiments", path, "--nimbus-id", id)
        let records = try #require(output["records"]?.arrayValue)
        let bucket = try #require(Sampling.bucket(nimbusID: id, namespace: "ns", total: 10_000))
        #expect(records[0]["reason"] == .string("not-targeted"))
        #expect(records[0]["explanation"] == .string("not enrolled: targeting did not match: `language == 'ko'` is false (language is \"en\")"))
        #expect(records[1]["reason"] == .string("not-selected"))
        #expect(records[1]["explanation"] == .string("not enrolled: not in the sampled buckets: this client is in bucket \(bucket) of 10000; the record takes no buckets of namespace `ns`"))
        let table = run(["experiments", "--experiments", path, "--nimbus-id", id]).console.output.replacingOccurrences(of: "\n    ", with: " ")
        #expect(table.contains("not-enrolled: korean: targeting did not match: `language == 'ko'` is false (language is \"en\")"), "\(table)")
        #expect(table.contains("not-enrolled: nobody: not in the sampled buckets: this client is in bucket \(bucket) of 10000"), "\(table)")
    }
}
