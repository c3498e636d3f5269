import Foundation
import Testing
@testable import FML

/// The other spellings nimbus-fml accepts (`frontend.rs` serde aliases, `parser.rs`
/// `get_typeref_from_string`), the legacy `types:` block, and string aliases scoped per feature.
@Suite struct ManifestSpellingTests {
    private func load(_ text: String) throws -> FeatureManifest {
        let fixture = try ManifestFixture()
        try fixture.write("m.fml.yaml", text)
        return try FeatureManifest.load(path: fixture.path("m.fml.yaml"))
    }

    private func error(_ text: String) throws -> ManifestError? {
        let fixture = try ManifestFixture()
        try fixture.write("m.fml.yaml", text)
        return fixture.loadError("m.fml.yaml")
    }

    @Test func featureLevelDefaultAndOwnersAreAccepted() throws {
        let manifest = try load("""
            version: 1.0
            channels: [beta, release]
            features:
              f:
                description: F.
                owner: [a@example.com]
                configurator: https://example.com/configure
                variables:
                  on: { description: On., type: Boolean, default: false }
                default:
                  - { channel: beta, value: { on: true } }
              g:
                description: G.
                owners: [b@example.com]
                variables:
                  on: { description: On., type: Boolean, default: false }
            """)
        #expect(manifest.defaultValue(forFeature: "f", channel: "beta")["on"] == .bool(true))
        #expect(manifest.defaultValue(forFeature: "f", channel: "release")["on"] == .bool(false))
    }

    @Test func bothSpellingsOfOneFieldAreAnError() throws {
        let both = try #require(try error("""
            channels: [release]
            features:
              f:
                description: F.
                variables: {}
                defaults: []
                default: []
            """))
        #expect(both.message.contains("both 'defaults' and 'default' in feature 'f'"))
        let owners = try #require(try error("""
            channels: [release]
            features:
              f: { description: F., contacts: [a], owners: [b], variables: {} }
            """))
        #expect(owners.message.contains("are one field (contacts)"))
    }

    static let typeSpellings: [(written: String, type: FMLType)] = [
        ("BundleText", .text), ("BundleImage", .image), ("Drawable", .image),
        ("Enum<Size>", .enumeration("Size")), ("Object<Card>", .object("Card")),
        ("List<Drawable>", .list(.image)), ("Map<Size, Object<Card>>", .map(key: .enumeration("Size"), value: .object("Card"))),
    ]

    @Test(arguments: typeSpellings)
    func typeSpellingsResolve(_ spelling: (written: String, type: FMLType)) throws {
        let resolve: (String) -> FMLType? = { ["Size": .enumeration("Size"), "Card": .object("Card")][$0] }
        #expect(try FMLType.parse(spelling.written, resolve: resolve).get() == spelling.type)
    }

    @Test func enumAndObjectSpellingsNameTheirKind() {
        let resolve: (String) -> FMLType? = { ["Size": .enumeration("Size"), "Card": .object("Card")][$0] }
        for written in ["Enum<Card>", "Object<Size>", "Enum<Missing>"] {
            guard case .failure(let error) = FMLType.parse(written, resolve: resolve) else {
                Issue.record("\(written) parsed"); continue
            }
            #expect(error.message.contains(written.hasPrefix("Enum") ? "enum" : "object"), "\(written): \(error.message)")
        }
    }

    @Test func legacyTypesBlockDeclaresEnumsAndObjects() throws {
        // Focus for Android's manifest spells its types this way.
        let manifest = try load("""
            channels: [release]
            types:
              enums:
                Size: { description: S., variants: { small: { description: S. } } }
              objects:
                Card: { description: C., fields: { size: { description: S., type: Size, default: small } } }
            features:
              f:
                description: F.
                variables:
                  card: { description: C., type: Card, default: {} }
            """)
        #expect(manifest.enumNames == ["Size"])
        #expect(manifest.defaultValue(forFeature: "f", channel: "release") == .object(["card": .object(["size": .string("small")])]))
        let wrong = try #require(try error("channels: [release]\ntypes: { enum: {} }\n"))
        #expect(wrong.message.contains("unknown key 'enum' in 'types'"))
    }

    @Test func twoFeaturesMayEachDeclareAStringAlias() throws {
        let manifest = try load("""
            channels: [release]
            features:
              a:
                description: A.
                variables:
                  players: { description: P., type: "Map<PlayerName, Boolean>", string-alias: PlayerName, default: { x: true } }
              b:
                description: B.
                variables:
                  squad: { description: S., type: "List<PlayerName>", string-alias: PlayerName, default: [] }
            """)
        #expect(manifest.featureIDs == ["a", "b"])
        #expect(manifest.warnings.isEmpty)
    }

    @Test func oneFeatureDeclaringAnAliasTwiceIsAnError() throws {
        let found = try #require(try error("""
            channels: [release]
            features:
              a:
                description: A.
                variables:
                  players: { description: P., type: "List<PlayerName>", string-alias: PlayerName, default: [] }
                  bench: { description: B., type: "List<PlayerName>", string-alias: PlayerName, default: [] }
            """))
        #expect(found.message.contains("should only be declared once per feature"))
    }

    @Test func anAliasUsedWhereItIsNotDeclaredIsAWarning() throws {
        let manifest = try load("""
            channels: [release]
            features:
              a:
                description: A.
                variables:
                  players: { description: P., type: "List<PlayerName>", string-alias: PlayerName, default: [] }
              b:
                description: B.
                variables:
                  captain: { description: C., type: "Option<PlayerName>", default: null }
            """)
        #expect(manifest.warnings.count == 1)
        #expect(manifest.warnings.first?.contains("the string-alias 'PlayerName' is used by, but not declared in, feature 'b'") == true)
    }

    /// `string-aliases.fml.yaml`'s rule (`defaults/validator.rs`): a value written for an alias
    /// must be one its declaring variable lists, in the feature's value for each channel.
    @Test func aValueAnAliasDoesNotListIsAWarning() throws {
        let manifest = try load("""
            channels: [storms, cyclones]
            features:
              team:
                description: T.
                variables:
                  players: { description: P., type: "Map<PlayerName, Boolean>", string-alias: PlayerName, default: { Agnes: true } }
                  captain: { description: C., type: "Option<PlayerName>", default: null }
                  squads: { description: S., type: "List<Squad>", default: [] }
                defaults:
                  - { channel: storms, value: { captain: Agnes, squads: [{ members: [Agnes] }] } }
                  - { channel: cyclones, value: { captain: Aka, squads: [{ members: [Agnes, Babet] }] } }
            objects:
              Squad: { description: S., fields: { members: { description: M., type: "List<PlayerName>", default: [] } } }
            """)
        #expect(manifest.warnings.map { $0.components(separatedBy: ": ").dropFirst().joined(separator: ": ") } == [
            "in the default of feature 'team' for channel 'cyclones', 'captain' is 'Aka', which is not one of the PlayerName values that 'players' lists, which nimbus-fml refuses",
            "in the default of feature 'team' for channel 'cyclones', 'squads[0].members[1]' is 'Babet', which is not one of the PlayerName values that 'players' lists, which nimbus-fml refuses",
        ])
        // nimbus-fml's own fixture keeps to the rule.
        #expect(try FeatureManifest.load(path: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/nimbus-fml/fe/string-aliases.fml.yaml").path)
            .warnings.isEmpty)
    }

    /// Objects that each name the next level twice: 2^30 paths, 31 objects. The aliases each
    /// reaches are worked out once per object, so this loads at once.
    @Test func anAliasReachedThroughADenseWebOfObjectsIsFoundOnce() throws {
        let levels = 30
        var objects = ""
        for level in 0..<levels {
            objects += "  Level\(level): { description: L., fields: { a: { description: A., type: \"Option<Level\(level + 1)>\", default: null }, b: { description: B., type: \"Option<Level\(level + 1)>\", default: null } } }\n"
        }
        objects += "  Level\(levels): { description: L., fields: { players: { description: P., type: \"List<PlayerName>\", default: [] } } }\n"
        let manifest = try load("""
            channels: [release]
            features:
              a:
                description: A.
                variables:
                  players: { description: P., type: "List<PlayerName>", string-alias: PlayerName, default: [] }
                  web: { description: W., type: "Option<Level0>", default: null }
              b:
                description: B.
                variables:
                  web: { description: W., type: "Option<Level0>", default: null }
            objects:
            \(objects)
            """)
        #expect(manifest.warnings.count == 1)
        #expect(manifest.warnings.first?.contains("'PlayerName' is used by, but not declared in, feature 'b'") == true)
    }

    /// Examples in each form nimbus-fml reads, each checked against the feature.
    @Test func examplesAreReadInEveryFormAndChecked() throws {
        let fixture = try ManifestFixture()
        try fixture.write("whole.yaml", "name: From a file\nvalue: { on: true }\n")
        try fixture.write("value.json", "{ \"label\": \"From JSON\" }\n")
        let manifest = """
            channels: [release]
            features:
              f:
                description: F.
                variables:
                  on: { description: On., type: Boolean, default: false }
                  label: { description: L., type: String, default: "" }
                examples:
                  - { name: Inline, description: D., url: "https://example.com", value: { on: true } }
                  - whole.yaml
                  - { path: whole.yaml }
                  - { name: Partial, path: value.json }
            """
        try fixture.write("m.fml.yaml", manifest)
        #expect(try FeatureManifest.load(path: fixture.path("m.fml.yaml")).featureIDs == ["f"])

        try fixture.write("m.fml.yaml", manifest + "\n      - { name: Wrong, value: { on: 1 } }\n")
        let wrong = try #require(fixture.loadError("m.fml.yaml"))
        #expect(wrong.message == "invalid example 'Wrong' of feature 'f' at 'on': expected Boolean, found integer", "\(wrong)")
        #expect(wrong.line == 13)

        try fixture.write("m.fml.yaml", manifest + "\n      - missing.yaml\n")
        let missing = try #require(fixture.loadError("m.fml.yaml"))
        #expect(missing.message.hasPrefix("example file 'missing.yaml' not found"), "\(missing)")
    }

    @Test func anIncludedFileNamingAGeneratedClassIsAWarning() throws {
        let fixture = try ManifestFixture()
        try fixture.write("root.fml.yaml", "channels: [release]\ninclude: [part.yaml]\n")
        try fixture.write("part.yaml", "about: { description: P., kotlin: { package: org.example, class: .Part } }\n")
        let manifest = try FeatureManifest.load(path: fixture.path("root.fml.yaml"))
        #expect(manifest.warnings == ["\(fixture.path("part.yaml")):1:27: an included file names a generated class ('about.kotlin'), "
            + "which nimbus-fml refuses: the file is part of the manifest that includes it (at \(fixture.path("root.fml.yaml")):2:11); "
            + "remove the block, or make the file a manifest of its own and 'import' it"])
    }

    @Test func includeAndIncludesTogetherAreAnError() throws {
        let found = try #require(try error("channels: [release]\ninclude: []\nincludes: []\n"))
        #expect(found.message.contains("'includes' is given twice"))
    }
}
