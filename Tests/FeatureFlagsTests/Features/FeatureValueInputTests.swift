import FeatureFlags
import FML
import Formats
import Testing
import FeatureFlagsTestSupport

/// What a person may type for a feature variable, by its manifest type, and what is refused.
@Suite struct FeatureValueInputTests {
    static let manifestText = """
        about:
          description: Every type a variable can have
        channels: [developer, release]
        features:
          kitchen:
            description: A feature with a variable of every type
            variables:
              open: {type: Boolean, default: false, description: d}
              tables: {type: Int, default: 4, description: d}
              name: {type: String, default: "Bob", description: d}
              greeting: {type: Text, default: "Hi", description: d}
              logo: {type: Image, default: "logo", description: d}
              closing: {type: Option<Int>, description: d}
              dishes: {type: List<String>, default: [], description: d}
              stock: {type: "Map<String, Int>", default: {}, description: d}
              spice: {type: Spice, default: mild, description: d}
              chef: {type: Chef, default: {}, description: d}
        enums:
          Spice:
            description: How hot
            variants:
              mild: {description: d}
              hot: {description: d}
        objects:
          Chef:
            description: Who cooks
            fields:
              name: {type: String, default: "Ann", description: d}
              stars: {type: Int, default: 0, description: d}
        """

    static func manifest() throws -> FeatureManifest {
        let folder = TemporaryDirectory()
        return try FeatureManifest.load(path: folder.write(manifestText, to: "nimbus.fml.yaml"))
    }

    @Test(arguments: [
        ("open", "on", JSONValue.bool(true)), ("open", "false", .bool(false)),
        ("tables", "-3", .int(-3)),
        ("name", "Kim", .string("Kim")), ("name", #"" padded ""#, .string(" padded ")),
        ("greeting", "Hello, world", .string("Hello, world")),
        ("logo", "logo-dark", .string("logo-dark")),
        ("closing", "22", .int(22)), ("closing", "null", .null),
        ("dishes", #"["bibimbap","kimchi"]"#, .array([.string("bibimbap"), .string("kimchi")])),
        ("stock", #"{"rice":3}"#, .object(["rice": .int(3)])),
        ("spice", "hot", .string("hot")),
        ("chef", #"{"stars":2}"#, .object(["stars": .int(2)])),
    ])
    func everyTypeReadsWhatItsUsersType(variable: String, text: String, expected: JSONValue) throws {
        #expect(try FeatureValueInput.parse(text, variable: variable, feature: "kitchen", manifest: Self.manifest()) == expected)
    }

    @Test(arguments: [
        ("open", "maybe", "expected true or false"),
        ("tables", "4.5", "expected a whole number"),
        ("spice", "medium", "one of mild, hot"),
        ("dishes", "[1]", "kitchen.dishes is List<String>"),
        ("stock", "{rice: 3}", "expected JSON for Map<String, Int>"),
        ("chef", #"{"hat":true}"#, "hat"),
        ("closing", "\"soon\"", "Option<Int> takes null or a value of Int: expected a whole number"),
        ("cook", "x", "has no variable `cook`"),
    ])
    func aWrongValueIsRefusedWithTheReason(variable: String, text: String, reason: String) throws {
        let manifest = try Self.manifest()
        #expect {
            try FeatureValueInput.parse(text, variable: variable, feature: "kitchen", manifest: manifest)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    @Test func anUnknownFeatureIsNamedWithTheNearestOne() throws {
        #expect {
            try FeatureValueInput.parse("1", variable: "tables", feature: "kitchn", manifest: Self.manifest())
        } throws: { error in
            "\(error)" == "the manifest has no feature `kitchn` (did you mean `kitchen`?)"
        }
    }
}
