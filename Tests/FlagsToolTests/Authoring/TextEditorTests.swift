@testable import FeatureFlags
import Formats
import Testing
@testable import FlagsTool

/// The surgical edits of the registry and manifest text: what is added goes where a person
/// would put it, and everything else stays byte for byte.
@Suite struct TextEditorTests {
    let registry = """
        # My registry. Keep this comment.
        app: demo
        manifest: nimbus.fml.yaml   # next to this file
        flags:
            # About alpha.
            alpha:
                default: true

            # About zulu.
            zulu:
                default: false
        # About preferences.
        preferences: {}

        """

    @Test func addsInAlphabeticalOrderAtTheFilesIndentation() throws {
        let edited = try RegistryTextEditor.addingFlag("mike", body: ["default: true", "debug:", "  title: Mike"], to: registry, path: "r.yaml")
        let expected = "        default: true\n\n    mike:\n        default: true\n        debug:\n            title: Mike\n    # About zulu.\n    zulu:\n"
        #expect(edited.contains(expected))
        #expect(try RegistryTextEditor.removingFlag("mike", from: edited, path: "r.yaml") == registry)
        let keys = try YAMLReader.read(string: edited, name: "r.yaml")["flags"]?.keys
        #expect(keys == ["alpha", "mike", "zulu"])
    }

    @Test func addsFirstAboveTheCommentOfTheFirstEntry() throws {
        let edited = try RegistryTextEditor.addingFlag("aardvark", body: ["default: true"], to: registry, path: "r.yaml")
        #expect(edited.contains("flags:\n    aardvark:\n        default: true\n    # About alpha.\n"))
        #expect(try RegistryTextEditor.removingFlag("aardvark", from: edited, path: "r.yaml") == registry)
    }

    @Test func addsLastBeforeTheCommentOfTheNextTopLevelKey() throws {
        let edited = try RegistryTextEditor.addingFlag("zzz", body: ["default: true"], to: registry, path: "r.yaml")
        #expect(edited.contains("        default: false\n    zzz:\n        default: true\n# About preferences.\n"))
        #expect(try RegistryTextEditor.removingFlag("zzz", from: edited, path: "r.yaml") == registry)
    }

    @Test func startsAFlagsMappingWhenThereIsNone() throws {
        let text = "app: demo\nmanifest: m.yaml\n"
        let edited = try RegistryTextEditor.addingFlag("first", body: ["default: true"], to: text, path: "r.yaml")
        #expect(edited == "app: demo\nmanifest: m.yaml\nflags:\n  first:\n    default: true\n")
        let emptied = try #require(try RegistryTextEditor.removingFlag("first", from: edited, path: "r.yaml"))
        #expect(try YAMLReader.read(string: emptied, name: "r.yaml")["flags"]?.entries == [])
    }

    @Test func refusesFlowStyleFlagsAndReportsAbsentEntries() throws {
        let flow = "app: demo\nmanifest: m.yaml\nflags: {a: {default: true}}\n"
        #expect(throws: AuthoringError.self) { try RegistryTextEditor.addingFlag("b", body: [], to: flow, path: "r.yaml") }
        #expect(try RegistryTextEditor.removingFlag("nope", from: registry, path: "r.yaml") == nil)
    }

    @Test func includesInSortedOrderWithTheNeighboursQuotes() throws {
        let manifest = """
            # Root manifest.
            include:
              - "nimbus-features/alpha.yaml"   # first
              - "nimbus-features/zulu.yaml"
            features: {}
            """
        let edited = try ManifestTextEditor.addingInclude("nimbus-features/mike.yaml", to: manifest, path: "m.yaml")
        #expect(edited.contains("  - \"nimbus-features/alpha.yaml\"   # first\n  - \"nimbus-features/mike.yaml\"\n  - \"nimbus-features/zulu.yaml\"\n"))
        #expect(try ManifestTextEditor.removingInclude("nimbus-features/mike.yaml", from: edited, path: "m.yaml") == manifest)
        let last = try ManifestTextEditor.addingInclude("nimbus-features/zz.yaml", to: manifest, path: "m.yaml")
        #expect(last.contains("zulu.yaml\"\n  - \"nimbus-features/zz.yaml\"\nfeatures"))
        #expect(throws: AuthoringError.self) { try ManifestTextEditor.addingInclude("nimbus-features/zulu.yaml", to: manifest, path: "m.yaml") }
        #expect(throws: AuthoringError.self) { try ManifestTextEditor.addingInclude("x.yaml", to: "include: [a.yaml]\n", path: "m.yaml") }
    }
}
