import FeatureFlags
import FeatureFlagsTestSupport
import FlagsCLI
import Foundation
import Formats
import Nimbus
import Prefs
import Testing

/// `flags info SLUG` on the demo app, with records written per test.
@Suite struct InfoCommandTests {
    let flags = InProcessFlags(environment: ["LANG": "en_US.UTF-8"])
    var folder: TemporaryDirectory { flags.folder }
    static let id = "3d2142de-53bf-2d48-a92d-45fb7036cbf6"

    private func run(_ arguments: [String]) -> (status: Int32, console: Console) {
        flags.run(arguments)
    }

    private func writeRecords(_ records: [JSONValue]) -> String {
        folder.write(JSONValue.object(["data": .array(records)]).prettyText, to: "records.json")
    }

    static func tipJar(targeting: String = "language == 'ko'", description: String = "Tip prompt") -> JSONValue {
        .object([
            "schemaVersion": .string("1.12.0"), "slug": .string("tip-test"), "appName": .string("bibimbap"), "appId": .string("bibimbap"),
            "channel": .string("developer"),
            "userFacingName": .string("Tip jar"), "userFacingDescription": .string(description), "isEnrollmentPaused": .bool(false),
            "isRollout": .bool(false), "proposedEnrollment": .int(7), "proposedDuration": .int(28), "targeting": .string(targeting),
            "publishedDate": .string("2026-10-15T09:00:00Z"), "startDate": .string("2026-10-16T00:00:00Z"),
            "featureIds": .array([.string("tip-jar-feature")]),
            "bucketConfig": .object(["randomizationUnit": .string("nimbus_id"), "namespace": .string("tips"),
                                     "start": .int(9_000), "count": .int(2_000), "total": .int(10_000)]),
            "branches": .array([
                .object(["slug": .string("control"), "ratio": .int(1),
                         "features": .array([.object(["featureId": .string("tip-jar-feature"), "value": .object(["enabled": .bool(false)])])])]),
                .object(["slug": .string("treatment"), "ratio": .int(3),
                         "features": .array([.object(["featureId": .string("tip-jar-feature"), "value": .object(["enabled": .bool(true)])])])]),
            ]),
        ])
    }

    @Test func showsTheRecordAndWhyThisClientIsNotInIt() throws {
        let path = writeRecords([Self.tipJar()])
        let (status, console) = run(["info", "tip-test", "--experiments", path, "--nimbus-id", Self.id])
        #expect(status == 0, "\(console.errors)")
        let bucket = try #require(Sampling.bucket(nimbusID: Self.id, namespace: "tips", total: 10_000))
        let lines = console.output.split(separator: "\n").map(String.init)
        #expect(lines[0] == "tip-test: Tip jar")
        for expected in ["  description: Tip prompt", "  type:        experiment", "  channel:     `developer`; this client is on `developer`",
                         "  paused:      no", "  dates:       published 2026-10-15T09:00:00Z, start 2026-10-16T00:00:00Z",
                         "  enrollment:  proposed 7 days, duration 28 days",
                         "  bucketing:   nimbus_id, namespace `tips`, start 9000, count 2000, total 10000",
                         "               takes buckets 9000–9999 and 0–999; this client is in bucket \(bucket)",
                         "  targeting:   language == 'ko'", "               gives false for this client",
                         "    control  ratio 1 (25%)", "      tip-jar-feature: {\"enabled\":false}",
                         "    treatment  ratio 3 (75%)", "      tip-jar-feature: {\"enabled\":true}",
                         "  status:      not enrolled: targeting did not match: `language == 'ko'` is false (language is \"en\")"] {
            #expect(lines.contains(expected), "missing \(expected) in \(console.output)")
        }
    }

    @Test func theJSONHasEveryFact() throws {
        let path = writeRecords([Self.tipJar(targeting: "language == 'en'")])
        let (status, console) = run(["info", "tip-test", "--json", "--experiments", path, "--nimbus-id", Self.id])
        #expect(status == 0, "\(console.errors)")
        let json = try JSONParser.parse(console.output)
        let bucket = try #require(Sampling.bucket(nimbusID: Self.id, namespace: "tips", total: 10_000))
        let selected = Sampling.bucketSample(nimbusID: Self.id, namespace: "tips", start: 9_000, count: 2_000, total: 10_000)
        #expect(json["slug"] == .string("tip-test"))
        #expect(json["name"] == .string("Tip jar"))
        #expect(json["type"] == .string("experiment"))
        #expect(json["paused"] == .bool(false))
        #expect(json["proposedDuration"] == .int(28))
        #expect(json["dates"]?["start"] == .string("2026-10-16T00:00:00Z"))
        #expect(json["bucketConfig"]?["clientBucket"] == .int(bucket))
        #expect(json["bucketConfig"]?["takenBuckets"] == .array([.object(["first": .int(9_000), "last": .int(9_999)]),
                                                                  .object(["first": .int(0), "last": .int(999)])]))
        #expect(json["targeting"] == .object(["expression": .string("language == 'en'"), "value": .bool(true), "error": .null]))
        #expect(json["branches"]?.arrayValue?.count == 2)
        #expect(json["branches"]?.arrayValue?[1]["features"]?.arrayValue?[0]["value"] == .object(["enabled": .bool(true)]))
        #expect(json["status"] == .string(selected ? "enrolled" : "not-enrolled"))
        #expect(json["reason"] == (selected ? .null : .string("not-selected")))
        let explanation = try #require(json["explanation"]?.stringValue)
        #expect(explanation.contains(selected ? "enrolled in branch" : "this client is in bucket \(bucket) of 10000"))
        #expect(json["forcedBranch"] == .null)
    }

    @Test func aForcedBranchIsShown() throws {
        let path = writeRecords([Self.tipJar()])
        let prefs = try SQLitePrefs(path: folder.file("prefs.sqlite"))
        try NimbusOverrideStore(prefs: prefs).forceBranch("control", of: "tip-test")
        prefs.close(emptyingJournal: true)
        let (status, console) = run(["info", "tip-test", "--experiments", path])
        #expect(status == 0, "\(console.errors)")
        #expect(console.output.contains("  forced:      branch `control` (`flags unenroll tip-test` removes it)"))
        #expect(console.output.contains("    control  ratio 1 (25%)  ← this client, forced"))
        let json = try JSONParser.parse(run(["info", "tip-test", "--json", "--experiments", path]).console.output)
        #expect(json["forcedBranch"] == .string("control"))
    }

    @Test func anUnknownSlugSuggestsTheNearest() {
        let path = writeRecords([Self.tipJar()])
        let (status, console) = run(["info", "tip-tset", "--experiments", path])
        #expect(status == 1)
        #expect(console.errors.contains("no record `tip-tset` in \(path) (did you mean 'tip-test'?)"))
        #expect(run(["info", "--experiments", path]).status == 2)
        #expect(run(["info", "a", "b", "--experiments", path]).status == 2)
    }

    @Test func textFromTheRecordIsMadeSafeButTheJSONStaysExact() throws {
        let path = writeRecords([Self.tipJar(description: "evil\u{1B}[31m red\u{202E}")])
        let (status, console) = run(["info", "tip-test", "--experiments", path])
        #expect(status == 0, "\(console.errors)")
        #expect(!console.output.contains("\u{1B}"))
        #expect(!console.output.contains("\u{202E}"))
        let json = try JSONParser.parse(run(["info", "tip-test", "--json", "--experiments", path]).console.output)
        #expect(json["description"] == .string("evil\u{1B}[31m red\u{202E}"))
        // A line break in a record's text cannot start a line that looks like one of the report's.
        let broken = writeRecords([Self.tipJar(description: "first\n  status:      enrolled in branch `treatment`")])
        let lines = run(["info", "tip-test", "--experiments", broken]).console.output.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("  status:") }.count == 1)
        #expect(lines.contains("  description: first"))
    }
}
