import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing
import TestHelpers
import TestTraits

/// `flags feature`, `feature set`, `feature reset` and `test-feature` on the real binary, with a
/// manifest that has a variable of every FML type: each override round-trips through
/// `feature --json`, `export` and `import` into another store, and a value of the wrong type is
/// refused with the reason and the store left as it was.
@Suite(.blocking) struct FeatureCommandTests {
    let folder = TemporaryDirectory()

    static let manifest = """
        channels: [developer, beta, release]
        features:
          every-type-feature:
            description: |
              A variable
              of each type.
            variables:
              flag: { description: A Boolean., type: Boolean, default: false }
              count: { description: An Int., type: Int, default: 1 }
              name: { description: A String., type: String, default: plain }
              greeting: { description: A Text., type: Text, default: Hello }
              icon: { description: An Image., type: Image, default: icon-default }
              color-name: { description: An Option., type: Option<String>, default: null }
              sizes: { description: A List., type: List<Int>, default: [1, 2] }
              switches: { description: A Map., type: "Map<String, Boolean>", default: { a: true } }
              color: { description: An enum., type: Color, default: red }
              card: { description: An object., type: Card, default: {} }
            defaults:
              - channel: developer
                value: { count: 2 }
        enums:
          Color:
            description: A color.
            variants:
              red: { description: Red. }
              green: { description: Green. }
        objects:
          Card:
            description: A card.
            fields:
              title: { description: Its title., type: String, default: Welcome }
              size: { description: Its size., type: Int, default: 1 }
        """

    static let registry = """
        app: everytype
        manifest: nimbus.fml.yaml
        flags:
          everyFlag: { feature: every-type-feature, variable: flag, debug: { title: Every flag } }
        """

    /// What each variable is set to (the text typed) and the JSON value it must become.
    static let typedValues: [(variable: String, text: String, value: JSONValue)] = [
        ("flag", "on", .bool(true)),
        ("count", "-7", .int(-7)),
        ("name", "spaced out", .string("spaced out")),
        ("greeting", #"" padded ""#, .string(" padded ")),
        ("icon", "icon-new", .string("icon-new")),
        ("color-name", #""teal""#, .string("teal")),
        ("sizes", "[3, 4, 5]", .array([.int(3), .int(4), .int(5)])),
        ("switches", #"{"b": false}"#, .object(["b": .bool(false)])),
        ("color", "green", .string("green")),
        ("card", #"{"title": "Hi", "size": 3}"#, .object(["title": .string("Hi"), "size": .int(3)])),
    ]

    /// Texts that are not of the variable's type, and a word the refusal must contain.
    static let wrongValues: [(variable: String, text: String, reason: String)] = [
        ("flag", "maybe", "expected true or false"),
        ("count", "1.5", "expected a whole number"),
        ("sizes", #"["x"]"#, "every-type-feature.sizes is List<Int>"),
        ("switches", #"{"b": 1}"#, "every-type-feature.switches is Map<String, Boolean>"),
        ("color", "purple", "expected one of red, green (enum Color), found \"purple\""),
        ("card", #"{"titel": "Hi"}"#, "every-type-feature.card is Card"),
        ("card", "{not json", "expected JSON for Card"),
    ]

    init() {
        folder.write(Self.manifest, to: "app/nimbus.fml.yaml")
        folder.write(Self.registry, to: "app/feature-flags.yaml")
    }

    @discardableResult
    private func flags(_ arguments: [String], store: String = "store", status expected: Int32 = 0) throws -> BuiltProgram.Result {
        let environment = ["FLAGS_STORE": folder.file("\(store)/prefs.sqlite"), "XDG_STATE_HOME": folder.file("state"), "COLUMNS": "200"]
        let result = try BuiltProgram.run(BuiltProgram.flags, arguments, environment: environment, in: folder.file("app"))
        #expect(result.status == expected, "flags \(arguments.joined(separator: " ")): \(result.output) \(result.errors)")
        return result
    }

    private func feature(store: String = "store") throws -> JSONValue {
        try JSONParser.parse(try flags(["feature", "every-type-feature", "--json"], store: store).output)
    }

    private func variable(_ name: String, in feature: JSONValue) -> JSONValue? {
        feature["variables"]?.arrayValue?.first { $0["name"] == .string(name) }
    }

    @Test func anOverrideOfEveryTypeRoundTripsThroughExportAndImport() throws {
        for entry in Self.typedValues {
            try flags(["feature", "set", "every-type-feature", entry.variable, "--", entry.text])
        }
        let set = try feature()
        for entry in Self.typedValues {
            let variable = variable(entry.variable, in: set)
            // A map merges over the default's keys, as a branch's map does (the SDK's deep merge).
            let expected = entry.variable == "switches" ? .object(["a": .bool(true), "b": .bool(false)]) : entry.value
            #expect(variable?["value"] == expected, "\(entry.variable)")
            #expect(variable?["source"] == .string("feature-override"), "\(entry.variable)")
            #expect(set["value"]?[entry.variable] == expected)
        }
        let everyFlag = try JSONParser.parse(try flags(["get", "everyFlag", "--json"]).output)
        #expect(everyFlag["enabled"] == .bool(true) && everyFlag["source"] == .string("feature-override"))

        try flags(["export", "-o", folder.file("state.json")])
        let exported = try JSONParser.parse(try String(contentsOfFile: folder.file("state.json"), encoding: .utf8))
        #expect(exported["schemaVersion"] == .int(2))
        #expect(exported["featureValues"]?["every-type-feature"]?.objectValue?.count == Self.typedValues.count)
        let imported = try flags(["import", folder.file("state.json")], store: "other")
        #expect(imported.output.contains("\(Self.typedValues.count) feature overrides"), "one per variable: \(imported.output)")
        #expect(try feature(store: "other") == set, "the other store gives the same feature value, variable by variable")
    }

    @Test func aValueOfTheWrongTypeIsRefusedWithTheReasonAndTheStoreIsUnchanged() throws {
        try flags(["feature", "set", "every-type-feature", "count", "5"])
        for entry in Self.wrongValues {
            let refused = try flags(["feature", "set", "every-type-feature", entry.variable, entry.text], status: 1)
            #expect(refused.errors.contains(entry.reason) && refused.errors.contains("nothing was stored"), "\(entry.variable): \(refused.errors)")
        }
        let after = try feature()
        #expect(variable("count", in: after)?["value"] == .int(5))
        #expect(after["variables"]?.arrayValue?.filter { $0["source"] == .string("feature-override") }.count == 1)
        let unknown = try flags(["feature", "set", "every-type-featur", "count", "5"], status: 1)
        #expect(unknown.errors.contains("the manifest has no feature `every-type-featur` (did you mean `every-type-feature`?)"))
        let variable = try flags(["feature", "set", "every-type-feature", "cont", "5"], status: 1)
        #expect(variable.errors.contains("feature `every-type-feature` has no variable `cont` (did you mean `count`?)"))
        #expect(try flags(["feature", "every-type-featur"], status: 1).errors.contains("(did you mean `every-type-feature`?); `flags features` lists them"))
    }

    @Test func theFeatureShowsEachVariablesTypeValueSourceAndReaders() throws {
        let text = try flags(["feature", "every-type-feature"]).output
        // The description, a block scalar, on the first line: its line breaks are not the report's.
        #expect(text.hasPrefix("every-type-feature (developer): A variable of each type.\nVARIABLE "), "\(text)")
        #expect(text.contains("count       Int"), "\(text)")
        #expect(text.contains("default for developer") && text.contains("flag everyFlag"))
        let json = try feature()
        #expect(variable("count", in: json)?["value"] == .int(2) && variable("count", in: json)?["source"] == .string("default"))
        #expect(variable("card", in: json)?["type"] == .string("Card"))
    }

    @Test func resetRemovesOneVariableOrTheWholeFeature() throws {
        try flags(["feature", "set", "every-type-feature", "count", "5"])
        try flags(["feature", "set", "every-type-feature", "flag", "on"])
        #expect(try flags(["feature", "reset", "every-type-feature", "count"]).output == "every-type-feature: feature override removed from count\n")
        #expect(try flags(["feature", "reset", "every-type-feature", "count"]).output == "no feature override of every-type-feature.count to reset; overridden: flag\n")
        let whole = try flags(["feature", "reset", "every-type-feature"]).output
        #expect(whole.hasPrefix("every-type-feature: feature override removed from flag\n  flag everyFlag: off"), "\(whole)")
        #expect(try feature()["variables"]?.arrayValue?.allSatisfy { $0["source"] != .string("feature-override") } == true)
    }

    @Test(arguments: ["json", "yaml"])
    func testFeatureStoresAPartialValueFromAFile(format: String) throws {
        let path = format == "json"
            ? folder.write(#"{"count": 9, "color": "green", "card": {"size": 2}}"#, to: "value.json")
            : folder.write("count: 9\ncolor: green\ncard:\n  size: 2\n", to: "value.yaml")
        let result = try flags(["test-feature", "every-type-feature", path])
        #expect(result.output.hasPrefix("every-type-feature: feature override of card, color, count from \(path)"), "\(result.output)")
        let json = try feature()
        #expect(variable("count", in: json)?["value"] == .int(9) && variable("color", in: json)?["value"] == .string("green"))
        #expect(variable("flag", in: json)?["source"] == .string("default"), "a partial value leaves the others alone")
    }

    @Test func testFeatureListsEveryProblemWithTheFileAndStoresNothing() throws {
        let path = folder.write(#"{"count": "nine", "color": "purple", "unknown": 1}"#, to: "bad.json")
        let result = try flags(["test-feature", "every-type-feature", path], status: 1)
        let lines = result.errors.split(separator: "\n").filter { $0.hasPrefix("  \(path): ") }
        #expect(lines.count == 3, "\(result.errors)")
        #expect(result.errors.contains("nothing was stored"))
        #expect(try feature()["variables"]?.arrayValue?.allSatisfy { $0["source"] != .string("feature-override") } == true)
        // Reads are bounded: a feature value is a few KiB, a file of 5 MiB is a mistake or hostile.
        let huge = folder.write(#"{"name": ""# + String(repeating: "x", count: 5 * 1024 * 1024) + #""}"#, to: "huge.json")
        let refused = try flags(["test-feature", "every-type-feature", huge], status: 1).errors
        #expect(refused.contains("huge.json: cannot read the feature value") && refused.contains("4 MiB"), "\(refused)")
        let yaml = folder.write("count: [\n", to: "broken.yaml")
        #expect(try flags(["test-feature", "every-type-feature", yaml], status: 1).errors.contains("broken.yaml"))
    }

    /// One size limit for a feature value however it arrives: 1.1 MB of text, under the file's
    /// 4 MiB, by test-feature or in an import, is refused and nothing stored; values under it,
    /// set again and again, leave a small store, the history keeping the older ones as sizes.
    @Test func aFeatureValueHasOneSizeLimitAndTheHistoryStaysSmall() throws {
        let text = String(repeating: "x", count: 1_100_000)
        let big = folder.write(#"{"name": ""# + text + #""}"#, to: "big.json")
        let refused = try flags(["test-feature", "every-type-feature", big], status: 1).errors
        #expect(refused.contains("more than the 1048576 bytes"), "\(refused)")
        let state = folder.write(#"{"featureValues": {"every-type-feature": {"name": ""# + text + #""}}}"#, to: "state.json")
        let imported = try flags(["import", state], status: 1).errors
        #expect(imported.contains("featureValues.every-type-feature: the value of feature `every-type-feature` is"), "\(imported)")
        #expect(try feature()["variables"]?.arrayValue?.allSatisfy { $0["source"] != .string("feature-override") } == true)

        for round in 0..<8 {
            let value = folder.write(#"{"name": ""# + String(repeating: String(round), count: 200_000) + #""}"#, to: "v\(round).json")
            _ = try flags(["test-feature", "every-type-feature", value])
        }
        let store = folder.file("store/prefs.sqlite")
        let bytes = ["", "-wal"].compactMap { try? FileManager.default.attributesOfItem(atPath: store + $0)[.size] as? Int }.reduce(0, +)
        #expect(bytes < 2_000_000, "eight values of 200 KB left \(bytes) bytes of store")
        let log = try flags(["log"]).output
        #expect(log.contains("(a value of 0.2 MB)"), "\(log)")
    }
}
