import Foundation
import Testing
@testable import FML
@testable import Formats

/// Firefox for iOS's manifest, kept in `Examples/firefox-ios/manifest`, found from this file.
private let firefoxManifestPath: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // FMLTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // package root
    .appendingPathComponent("Examples/firefox-ios/manifest/nimbus.fml.yaml").path

@Suite struct FeatureManifestTests {
    // MARK: Defaults

    @Test func upstreamChannelMergeVector() throws {
        let fixture = try ManifestFixture()
        try fixture.write("m.fml.yaml", """
            channels: [release, nightly, beta]
            features:
              dialog:
                description: A dialog.
                variables:
                  button-color:
                    type: String
                    default: blue
                defaults:
                  - channel: release
                    value: { button-color: green }
                  - channel: nightly
                    value: { button-color: dark-green }
                  - channel: beta
                    value: { button-color: light-green }
                  - value: { button-color: red }
                  - channel: nightly
                    value: { button-color: dark-red }
            """)
        let manifest = try FeatureManifest.load(path: fixture.path("m.fml.yaml"))
        #expect(manifest.defaultValue(forFeature: "dialog", channel: "release") == .object(["button-color": .string("red")]))
        #expect(manifest.defaultValue(forFeature: "dialog", channel: "nightly") == .object(["button-color": .string("dark-red")]))
        #expect(manifest.defaultValue(forFeature: "dialog", channel: "beta") == .object(["button-color": .string("red")]))
        #expect(manifest.defaultValue(forFeature: "dialog", channel: "unknown") == .null)
        #expect(manifest.defaultValue(forFeature: "nope", channel: "beta") == .null)
    }

    /// A feature whose value is a plain merge is merged when a channel is asked for: maps merge
    /// deep, a null `value:` and a targeted block change nothing, and the snapshot holds the
    /// same value for each channel.
    @Test func mergedDefaultsAreTheSameAskedForAndFromASnapshot() throws {
        let fixture = try ManifestFixture()
        try fixture.write("m.fml.yaml", """
            channels: [developer, beta, release]
            features:
              homescreen:
                description: Home.
                variables:
                  sections:
                    type: Map<String, Boolean>
                    default: { top-sites: true, pocket: false }
                  title:
                    type: String
                    default: Home
                defaults:
                  - channels: [developer, beta]
                    value: { sections: { pocket: true } }
                  - channel: developer
                    value: { sections: { jump-back-in: true } }
                  - channel: beta
                    value: null
                  - channel: release
                    targeting: is_phone
                    value: { title: Targeted }
            """)
        let manifest = try FeatureManifest.load(path: fixture.path("m.fml.yaml"))
        let expected: [String: JSONValue] = [
            "developer": .object(["sections": .object(["top-sites": .bool(true), "pocket": .bool(true), "jump-back-in": .bool(true)]),
                                  "title": .string("Home")]),
            "beta": .object(["sections": .object(["top-sites": .bool(true), "pocket": .bool(true)]), "title": .string("Home")]),
            "release": .object(["sections": .object(["top-sites": .bool(true), "pocket": .bool(false)]), "title": .string("Home")]),
        ]
        var writer = SnapshotWriter()
        manifest.write(to: &writer)
        var reader = try SnapshotReader(writer.finish())
        let snapshot = try FeatureManifest(snapshot: &reader)
        for (channel, value) in expected {
            #expect(manifest.defaultValue(forFeature: "homescreen", channel: channel) == value, "\(channel)")
            #expect(snapshot.defaultValue(forFeature: "homescreen", channel: channel) == value, "\(channel) from the snapshot")
        }
        #expect(manifest.defaultValue(forFeature: "homescreen", channel: "nightly") == .null)
    }

    @Test func objectDefaultsMergeUnderVariableDefaultsAndBlocks() throws {
        let fixture = try ManifestFixture()
        try fixture.write("m.fml.yaml", """
            channels: [developer, release]
            features:
              homepage:
                description: The home page.
                variables:
                  card:
                    type: Card
                    default: { title: Hello }
                  cards:
                    type: Map<Position, Card>
                    default: { top: { style: { size: 2 } } }
                  mode:
                    type: Option<Position>
                defaults:
                  - channels: [developer]
                    value: { card: { style: { bold: true } }, mode: bottom }
            enums:
              Position:
                description: Where.
                variants:
                  top: { description: Top. }
                  bottom: { description: Bottom. }
            objects:
              Card:
                description: A card.
                fields:
                  title: { type: Text, default: Untitled }
                  subtitle: { type: Option<String>, default: null }
                  style: { type: Style, default: {} }
              Style:
                description: A style.
                fields:
                  size: { type: Int, default: 1 }
                  bold: { type: Boolean, default: false }
            """)
        let manifest = try FeatureManifest.load(path: fixture.path("m.fml.yaml"))
        let style: (Int, Bool) -> JSONValue = { .object(["size": .int($0), "bold": .bool($1)]) }
        #expect(manifest.defaultValue(forFeature: "homepage", channel: "release") == .object([
            "card": .object(["title": .string("Hello"), "subtitle": .null, "style": style(1, false)]),
            "cards": .object(["top": .object(["title": .string("Untitled"), "subtitle": .null, "style": style(2, false)])]),
            "mode": .null,
        ]))
        let developer = manifest.defaultValue(forFeature: "homepage", channel: "developer")
        #expect(developer["card"]?["style"] == style(1, true))
        #expect(developer["card"]?["title"] == .string("Hello"))
        #expect(developer["mode"] == .string("bottom"))
        #expect(manifest.enumDefinition("Position")?.variants == ["top", "bottom"])
        #expect(manifest.feature("homepage")?.variables.map(\.name) == ["card", "cards", "mode"])
        #expect(manifest.feature("homepage")?.variable("cards")?.type.description == "Map<Position, Card>")
        #expect(manifest.objectDefinition("Card")?.field("style")?.defaultValue == style(1, false))
    }

    @Test func typeProblemsOfExperimentValues() throws {
        let fixture = try ManifestFixture()
        try fixture.write("m.fml.yaml", """
            channels: [release]
            features:
              f:
                description: F.
                variables:
                  enabled: { type: Boolean, default: false }
                  card: { type: Card, default: {} }
                  items: { type: List<Int>, default: [] }
                  color: { type: Option<Color>, default: null }
            enums:
              Color: { description: C., variants: { red: { description: R. } } }
            objects:
              Card:
                description: A card.
                fields:
                  title: { type: String, default: "" }
            """)
        let manifest = try FeatureManifest.load(path: fixture.path("m.fml.yaml"))
        #expect(manifest.typeProblems(in: .object(["enabled": .bool(true)]), forFeature: "f", partial: true).isEmpty)
        #expect(manifest.typeProblems(in: .object(["enabled": .bool(true)]), forFeature: "f", partial: false).map(\.variable)
            == ["card", "items", "color"])
        let problems = manifest.typeProblems(in: .object([
            "enabled": .string("yes"),
            "card": .object(["title": .int(1), "extra": .null]),
            "items": .array([.int(1), .double(2.5)]),
            "color": .string("blue"),
            "bogus": .bool(true),
        ]), forFeature: "f", partial: true)
        #expect(problems.map(\.description) == [
            "bogus: unknown variable 'bogus' of feature 'f'; expected one of: enabled, card, items, color",
            "enabled: expected Boolean, found string",
            "card.extra: unknown field 'extra' of object Card; expected one of: title",
            "card.title: expected String, found integer",
            "items[1]: expected Int, found number",
            "color: expected one of red (enum Color), found \"blue\"",
        ])
        #expect(manifest.typeProblems(in: .object([:]), forFeature: "missing", partial: true).map(\.message) == ["unknown feature 'missing'"])
        #expect(manifest.isValid(.bool(true), forVariable: "enabled", ofFeature: "f"))
        #expect(!manifest.isValid(.string("true"), forVariable: "enabled", ofFeature: "f"))
        #expect(manifest.isValid(.null, forVariable: "color", ofFeature: "f"))
        #expect(!manifest.isValid(.bool(true), forVariable: "nope", ofFeature: "f"))
        #expect(manifest.value(forFeature: "f", channel: "release", overriddenBy: .object(["card": .object([:])]))["card"]
            == .object(["title": .string("")]))
    }

    // MARK: Includes

    @Test func includesAreRelativeAndLoadedOnce() throws {
        let fixture = try ManifestFixture()
        try fixture.write("root.fml.yaml", """
            channels: [beta, release]
            include:
              - features/a.yaml
              - features/b.yaml
            """)
        try fixture.write("features/a.yaml", """
            include: [b.yaml, ../root.fml.yaml]
            features:
              a: { description: A., variables: { on: { type: Flag, default: dark-mode } } }
            """)
        // `Flag` is an alias: declared here, used in a.yaml before b.yaml is read.
        try fixture.write("features/b.yaml", """
            channels: [beta]
            features:
              b: { description: B., variables: { x: { type: Int, default: 1 }, f: { type: "Map<Flag, Boolean>", string-alias: Flag, default: {} } } }
            """)
        let manifest = try FeatureManifest.load(path: fixture.path("root.fml.yaml"))
        #expect(manifest.files == [fixture.path("root.fml.yaml"), fixture.path("features/a.yaml"), fixture.path("features/b.yaml")])
        #expect(manifest.featureIDs == ["a", "b"])
        #expect(manifest.channels == ["beta", "release"])
    }

    @Test func aMissingImportIsReportedAtItsPath() throws {
        let fixture = try ManifestFixture()
        try fixture.write("m.fml.yaml", "channels: [release]\nimports:\n  - path: other.fml.yaml\n    channel: release\n")
        let error = try #require(fixture.loadError("m.fml.yaml"))
        #expect(error.line == 3)
        #expect(error.message.hasPrefix("imported file 'other.fml.yaml' not found"))
    }

    // MARK: Errors, one per kind

    @Test func yamlSyntaxError() throws {
        let fixture = try ManifestFixture()
        let path = try fixture.write("m.fml.yaml", "channels: [release]\nfeatures:\n  f: {description: x\n  g: 1\n")
        let error = try #require(fixture.loadError("m.fml.yaml"))
        #expect(error.file == path)
        #expect(error.line == 4)
        #expect(error.description.hasPrefix("\(path):4:"))
    }

    @Test func unknownKeyError() throws {
        let fixture = try ManifestFixture()
        let path = try fixture.write("m.fml.yaml", """
            channels: [release]
            features:
              f:
                description: F.
                variabels: {}
            """)
        let error = try #require(fixture.loadError("m.fml.yaml"))
        #expect(error.description == "\(path):5:5: unknown key 'variabels' in feature 'f'; expected one of: description, variables, defaults, meta-bug, documentation, contacts, events, allow-coenrollment, examples, configurator")
    }

    @Test func aVariablesUnknownKeyAndAVariableThatIsNoMappingAreRefusedWhereWritten() throws {
        let fixture = try ManifestFixture()
        let misspelled = try fixture.write("m.fml.yaml", """
            channels: [release]
            features:
              f:
                description: F.
                variables:
                  enabled: { type: Boolean, default: true, descripton: On. }
            """)
        #expect(fixture.loadError("m.fml.yaml")?.description == "\(misspelled):6:48: unknown key 'descripton' in variable 'enabled' of feature 'f'; "
            + "expected one of: type, default, description, string-alias, pref-key, gecko-pref")
        let scalar = try fixture.write("s.fml.yaml", """
            channels: [release]
            features:
              f:
                description: F.
                variables:
                  enabled: true
            """)
        #expect(fixture.loadError("s.fml.yaml")?.description == "\(scalar):6:16: expected variable 'enabled' of feature 'f' to be a mapping, found a scalar")
    }

    @Test func unknownTopLevelKeyError() throws {
        let fixture = try ManifestFixture()
        let path = try fixture.write("m.fml.yaml", "channels: [release]\nfeature: {}\n")
        let error = try #require(fixture.loadError("m.fml.yaml"))
        #expect(error.description.hasPrefix("\(path):2:1: unknown top-level key 'feature'"))
    }

    @Test func unknownTypeError() throws {
        let fixture = try ManifestFixture()
        let path = try fixture.write("m.fml.yaml", """
            channels: [release]
            features:
              f:
                description: F.
                variables:
                  colors:
                    type: List<Color>
                    default: []
            """)
        let error = try #require(fixture.loadError("m.fml.yaml"))
        #expect(error.description.hasPrefix("\(path):7:15: unknown type 'Color'"))
        #expect(error.message.hasSuffix("in variable 'colors' of feature 'f'"))
    }

    @Test func wrongTypedDefaultError() throws {
        let fixture = try ManifestFixture()
        let path = try fixture.write("m.fml.yaml", """
            channels: [release]
            features:
              f:
                description: F.
                variables:
                  enabled:
                    type: Boolean
                    default: "true"
            """)
        let error = try #require(fixture.loadError("m.fml.yaml"))
        #expect(error.description == "\(path):8:18: invalid default for variable 'enabled' of feature 'f': expected Boolean, found string")
    }

    /// Features are checked as they are read, but a declaration error in a later feature is
    /// still the one reported, as when every feature was read before any was checked.
    @Test func declarationErrorOfALaterFeatureComesBeforeAWrongDefault() throws {
        let fixture = try ManifestFixture()
        let path = try fixture.write("m.fml.yaml", """
            channels: [release]
            features:
              a:
                description: A.
                variables:
                  enabled:
                    type: Boolean
                    default: "true"
              b:
                description: B.
                variables:
                  enabled:
                    type: Boolean
                    default: true
                    color: red
            """)
        let error = try #require(fixture.loadError("m.fml.yaml"))
        #expect(error.description.hasPrefix("\(path):15:9: unknown key 'color' in variable 'enabled' of feature 'b'"))
    }

    /// A type spelled again is taken from the ones already parsed; its check of the default is not.
    @Test func wrongDefaultOfATypeParsedBeforeIsReported() throws {
        let fixture = try ManifestFixture()
        let path = try fixture.write("m.fml.yaml", """
            channels: [release]
            features:
              a:
                description: A.
                variables:
                  count:
                    type: Option<Int>
                    default: 1
              b:
                description: B.
                variables:
                  count:
                    type: Option<Int>
                    default: one
            """)
        let error = try #require(fixture.loadError("m.fml.yaml"))
        #expect(error.description == "\(path):14:18: invalid default for variable 'count' of feature 'b': expected Int, found string")
    }

    @Test func wrongTypedDefaultsBlockValueError() throws {
        let fixture = try ManifestFixture()
        let path = try fixture.write("m.fml.yaml", """
            channels: [release]
            features:
              f:
                description: F.
                variables:
                  count: { type: Int, default: 1 }
                defaults:
                  - channel: release
                    value:
                      count: many
            """)
        let error = try #require(fixture.loadError("m.fml.yaml"))
        #expect(error.description == "\(path):10:18: invalid defaults block of feature 'f' at 'count': expected Int, found string")
    }

    @Test func unknownVariableInDefaultsBlockError() throws {
        let fixture = try ManifestFixture()
        let path = try fixture.write("m.fml.yaml", """
            channels: [release]
            features:
              f:
                description: F.
                variables:
                  count: { type: Int, default: 1 }
                defaults:
                  - value: { cuont: 2 }
            """)
        let error = try #require(fixture.loadError("m.fml.yaml"))
        #expect(error.description.hasPrefix("\(path):8:18: invalid defaults block of feature 'f' at 'cuont': unknown variable 'cuont'"))
    }

    @Test func unknownChannelError() throws {
        let fixture = try ManifestFixture()
        let path = try fixture.write("m.fml.yaml", """
            channels: [beta, release]
            features:
              f:
                description: F.
                variables:
                  count: { type: Int, default: 1 }
                defaults:
                  - channel: nightly
                    value: { count: 2 }
            """)
        let error = try #require(fixture.loadError("m.fml.yaml"))
        #expect(error.description == "\(path):8:18: unknown channel 'nightly' in feature 'f'; expected one of: beta, release")
    }

    @Test func missingIncludeError() throws {
        let fixture = try ManifestFixture()
        let path = try fixture.write("m.fml.yaml", """
            channels: [release]
            include:
              - present.yaml
              - absent.yaml
            """)
        try fixture.write("present.yaml", "features: {}\n")
        let error = try #require(fixture.loadError("m.fml.yaml"))
        #expect(error.file == path)
        #expect(error.line == 4)
        #expect(error.description.hasPrefix("\(path):4:5: included file 'absent.yaml' not found"))
    }

    @Test func duplicateFeatureAcrossFilesError() throws {
        let fixture = try ManifestFixture()
        try fixture.write("m.fml.yaml", "channels: [release]\ninclude: [a.yaml]\nfeatures:\n  f: { description: F. }\n")
        let included = try fixture.write("a.yaml", "features:\n  f: { description: again }\n")
        let error = try #require(fixture.loadError("m.fml.yaml"))
        #expect(error.description.hasPrefix("\(included):2:3: feature 'f' is already declared at \(fixture.path("m.fml.yaml")):4:3"))
    }

    // MARK: Firefox for iOS

    @Test func loadsFirefoxForIOSManifest() throws {
        let manifest = try FeatureManifest.load(path: firefoxManifestPath)
        #expect(manifest.channels == ["developer", "beta", "release"])
        #expect(manifest.files.count == 45)
        #expect(manifest.featureIDs == manifest.featureIDs.sorted())
        #expect(manifest.feature("ad-blocker-feature")?.variable("enabled")?.type == .boolean)
        #expect(manifest.defaultValue(forFeature: "ad-blocker-feature", channel: "release") == .object(["enabled": .bool(false)]))
        #expect(manifest.defaultValue(forFeature: "ad-blocker-feature", channel: "beta") == .object(["enabled": .bool(true)]))
        #expect(manifest.enumDefinition("ControlMessageBehavior")?.variants == ["show-next-message", "show-none"])
        #expect(manifest.feature("messaging")?.variable("messages")?.type.description == "Map<MessageKey, MessageData>")

        // Variable defaults written per channel, merged with the feature-level block.
        let release = manifest.defaultValue(forFeature: "messaging", channel: "release")
        #expect(release["triggers"]?["ALWAYS"] == .string("true"))
        #expect(release["triggers"]?["USER_EN_SPEAKER"] == .string("'en' in locale"))
        #expect(release["styles"]?["URGENT"]?["priority"] == .int(100))
        let beta = manifest.defaultValue(forFeature: "messaging", channel: "beta")
        #expect(beta["triggers"]?["USER_EN_SPEAKER"] == nil)
        #expect(beta["actions"] == .object([:]))
        // A message is completed from MessageData's field defaults.
        let survey = beta["messages"]?["homepage-microsurvey-message"]
        #expect(survey?["is-control"] == .bool(false))
        #expect(survey?["microsurveyConfig"]?["icon"] == .string("homeLarge"))

        for id in manifest.featureIDs {
            for channel in manifest.channels {
                let value = manifest.defaultValue(forFeature: id, channel: channel)
                #expect(manifest.typeProblems(in: value, forFeature: id, partial: false).isEmpty, "\(id) on \(channel)")
            }
        }
    }
}
