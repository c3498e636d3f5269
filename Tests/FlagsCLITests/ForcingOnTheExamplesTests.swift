import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing
import TestHelpers
import TestTraits

/// Every command that forces a branch (`enroll`, `import` and `preset apply` of a state holding
/// one) on the Firefox for iOS and Fenix examples, whose registries call the app otherwise than
/// Nimbus does (`firefox-ios` against the records' `firefox_ios`). Each decides a record's app by
/// the SDK's one rule, the context's `app_name`, as `flags experiments` does.
@Suite(.blocking) struct ForcingOnTheExamplesTests {
    /// An example app and a record of it that this client is not enrolled in by itself.
    struct Example: CustomTestStringConvertible, Sendable {
        let name: String
        let registry: String
        let slug: String
        let branch: String
        /// Records to pass with `--experiments`, when the example has none of its own.
        let records: JSONValue?

        var testDescription: String { name }
    }

    static let fenixRecord: JSONValue = .object([
        "schemaVersion": .string("1.12.0"), "slug": .string("android-search-term-groups"), "appName": .string("fenix"),
        "appId": .string("org.mozilla.firefox"), "channel": .string("release"), "userFacingName": .string("Search term groups"),
        "userFacingDescription": .string("History grouped by search term"), "isEnrollmentPaused": .bool(false),
        "isRollout": .bool(false), "proposedEnrollment": .int(7), "targeting": .string("false"),
        "featureIds": .array([.string("search-term-groups")]),
        "bucketConfig": .object(["randomizationUnit": .string("nimbus_id"), "namespace": .string("android-search-term-groups"),
                                 "start": .int(0), "count": .int(10_000), "total": .int(10_000)]),
        "branches": .array(["control", "treatment"].map { branch in
            .object(["slug": .string(branch), "ratio": .int(1),
                     "features": .array([.object(["featureId": .string("search-term-groups"),
                                                  "value": .object(["enabled": .bool(branch == "treatment")])])])])
        }),
    ])

    static let examples = [
        Example(name: "Firefox for iOS", registry: FirefoxExample.registryPath, slug: "ios-trending-searches", branch: "control", records: nil),
        Example(name: "Fenix", registry: FenixExampleTests.registry, slug: "android-search-term-groups", branch: "treatment",
                records: .object(["data": .array([fenixRecord])])),
    ]

    let flags = FlagsInFolder(environment: ["LANG": "C", "LC_ALL": ""])

    func options(_ example: Example) -> [String] {
        var options = ["--config", example.registry, "--nimbus-id", "3d2142de-53bf-2d48-a92d-45fb7036cbf6"]
        if let records = example.records {
            options += ["--experiments", flags.folder.write(records.prettyText, to: "records.json")]
        }
        return options
    }

    /// The record's entry in `flags experiments --json`.
    func record(_ example: Example) throws -> JSONValue {
        let json = try JSONParser.parse(try flags.run(options(example) + ["experiments", "--json"]).output)
        return try #require(json["records"]?.arrayValue?.first { $0["slug"] == .string(example.slug) })
    }

    @Test(arguments: examples) func enrollImportAndPresetApplyForceTheBranch(_ example: Example) throws {
        let options = options(example)
        #expect(try record(example)["status"] != .string("enrolled"), "the premise: not enrolled by itself")

        let enroll = try flags.run(options + ["enroll", example.slug, "--branch", example.branch])
        #expect(enroll.output.hasPrefix("\(example.slug): forced branch \(example.branch); enrolled in branch `\(example.branch)` (forced"),
                "\(enroll.output)")
        #expect(try record(example)["branch"] == .string(example.branch))

        let exported = flags.folder.file("state.json")
        try flags.run(options + ["export", "--output", exported])
        try flags.run(options + ["preset", "save", "forced"])

        try flags.run(options + ["reset", "--all"])
        #expect(try record(example)["status"] != .string("enrolled"))
        try flags.run(options + ["import", exported])
        #expect(try record(example)["branch"] == .string(example.branch), "import forces it again")

        try flags.run(options + ["reset", "--all"])
        try flags.run(options + ["preset", "apply", "forced"])
        #expect(try record(example)["branch"] == .string(example.branch), "preset apply forces it again")
    }

    /// A record whose `appName` is the registry's `app:` but not the context's `app_name` is
    /// another app's to Nimbus: enrolling and forcing both say so, naming the same app.
    @Test func aRecordOfTheRegistrysNameButAnotherAppNameIsAnotherAppsEverywhere() throws {
        var record = try #require(Self.fenixRecord.objectValue)
        record["appName"] = .string("firefox-ios")
        record["featureIds"] = .array([.string("search")])
        record["branches"] = .array([.object(["slug": .string("control"), "ratio": .int(1), "features": .array([])])])
        let path = flags.folder.write(JSONValue.object(["data": .array([.object(record)])]).prettyText, to: "other.json")
        let options = ["--config", FirefoxExample.registryPath, "--experiments", path]
        let json = try JSONParser.parse(try flags.run(options + ["experiments", "--json"]).output)
        #expect(json["records"]?.arrayValue?.first?["reason"] == .string("other-app"))
        let refused = try flags.run(options + ["enroll", "android-search-term-groups"], status: 1)
        #expect(refused.errors.contains("is a record of app `firefox-ios`, not of `firefox_ios`"), "\(refused.errors)")
    }
}
