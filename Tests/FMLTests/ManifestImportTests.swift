import Foundation
import Testing
@testable import FML

/// `import:` as nimbus-fml resolves it (`parser.rs`, `load_imports`): the imported manifest's
/// features at the channel its import names, the importer's `features:` blocks over them for
/// the importer's channels, and the errors upstream gives.
@Suite struct ManifestImportTests {
    static let library = """
        about: { description: A library., android: { package: org.example.lib, class: .LibNimbus } }
        channels: [debug, release]
        features:
          reader:
            description: Reader mode.
            variables:
              enabled: { description: On., type: Boolean, default: false }
              label: { description: Title., type: String, default: Reader }
            defaults:
              - channel: release
                value: { enabled: true }
              - channel: debug
                value: { label: Debug reader }
        enums:
          Size: { description: Sizes., variants: { small: { description: S. }, large: { description: L. } } }
        """

    static func app(_ imports: String, channels: String = "[developer, beta, release]") -> String {
        """
        about: { description: The app., android: { package: org.example.app, class: .AppNimbus } }
        channels: \(channels)
        import:
        \(imports)
        features:
          toolbar:
            description: Toolbar.
            variables:
              top: { description: At the top., type: Boolean, default: false }
        """
    }

    @Test func importedFeatureHasItsImportChannelDefaultsWithTheImportersOverrides() throws {
        let fixture = try ManifestFixture()
        try fixture.write("lib/lib.fml.yaml", Self.library)
        try fixture.write("app/nimbus.fml.yaml", Self.app("""
              - path: ../lib/lib.fml.yaml
                channel: release
                features:
                  reader:
                    - channel: developer
                      value: { label: Dev reader }
            """))
        let manifest = try FeatureManifest.load(path: fixture.path("app/nimbus.fml.yaml"))
        #expect(manifest.channels == ["developer", "beta", "release"])
        #expect(manifest.featureIDs == ["reader", "toolbar"])
        #expect(manifest.enumNames == ["Size"])
        #expect(manifest.files == [fixture.path("app/nimbus.fml.yaml"), fixture.path("lib/lib.fml.yaml")])
        // lib's release defaults (enabled) everywhere; its debug block never applies.
        #expect(manifest.defaultValue(forFeature: "reader", channel: "developer") == .object(["enabled": .bool(true), "label": .string("Dev reader")]))
        #expect(manifest.defaultValue(forFeature: "reader", channel: "beta") == .object(["enabled": .bool(true), "label": .string("Reader")]))
        #expect(manifest.warnings.isEmpty)
    }

    @Test func aLibraryWithOneChannelIsImportedAtThatChannel() throws {
        let fixture = try ManifestFixture()
        try fixture.write("lib.fml.yaml", """
            channels: [debug]
            features:
              reader:
                description: Reader mode.
                variables:
                  label: { description: Title., type: String, default: Reader }
                defaults:
                  - { channel: debug, value: { label: Debug reader } }
            """)
        try fixture.write("app.fml.yaml", Self.app("  - { path: lib.fml.yaml, channel: release }"))
        let manifest = try FeatureManifest.load(path: fixture.path("app.fml.yaml"))
        #expect(manifest.defaultValue(forFeature: "reader", channel: "release")["label"] == .string("Debug reader"))
    }

    @Test func importsOfOneFileFromIncludedFilesMergeTheirBlocks() throws {
        let fixture = try ManifestFixture()
        try fixture.write("lib.fml.yaml", Self.library)
        try fixture.write("app.fml.yaml", Self.app("""
              - path: lib.fml.yaml
                channel: release
                features:
                  reader: [{ value: { label: From the app } }]
            """) + "\ninclude: [more.yaml]\n")
        try fixture.write("more.yaml", """
            import:
              - path: lib.fml.yaml
                channel: release
                features:
                  reader: [{ value: { enabled: false, label: From the include } }]
            """)
        let manifest = try FeatureManifest.load(path: fixture.path("app.fml.yaml"))
        // The included file's blocks first, then the including file's (nimbus-fml's merge order).
        #expect(manifest.defaultValue(forFeature: "reader", channel: "beta") == .object(["enabled": .bool(false), "label": .string("From the app")]))
    }

    /// Each error of an import, with the words that say what to fix.
    static let errors: [(name: String, imports: String, message: String)] = [
        ("channel the library lacks", "  - { path: lib.fml.yaml, channel: nightly }",
         "channel 'nightly' is not declared by the imported manifest"),
        ("override of an unknown feature", "  - { path: lib.fml.yaml, channel: release, features: { nope: [{ value: {} }] } }",
         "cannot override defaults of feature 'nope' from"),
        ("override naming a channel of the library, not of the app", "  - { path: lib.fml.yaml, channel: release, features: { reader: [{ channel: debug, value: { enabled: true } }] } }",
         "unknown channel 'debug' in feature 'reader' imported from"),
        ("override of the wrong type", "  - { path: lib.fml.yaml, channel: release, features: { reader: [{ value: { enabled: 1 } }] } }",
         "invalid defaults block of feature 'reader' imported from"),
        ("repository reference", "  - { path: '@mozilla-mobile/android-components/components/lib.fml.yaml', channel: release }",
         "needs the network to resolve; vendor it"),
        ("URL", "  - { path: 'https://example.com/lib.fml.yaml', channel: release }",
         "is a URL, which needs the network"),
        ("missing channel", "  - { path: lib.fml.yaml }", "missing 'channel' in the import of 'lib.fml.yaml'"),
        ("missing path", "  - { channel: release }", "missing 'path' in an entry of 'import'"),
        ("unknown key", "  - { path: lib.fml.yaml, channel: release, feature: {} }", "unknown key 'feature' in an entry of 'import'"),
    ]

    @Test(arguments: errors)
    func importErrors(_ error: (name: String, imports: String, message: String)) throws {
        let fixture = try ManifestFixture()
        try fixture.write("lib.fml.yaml", Self.library)
        try fixture.write("app.fml.yaml", Self.app(error.imports))
        let found = try #require(fixture.loadError("app.fml.yaml"), "\(error.name)")
        #expect(found.message.contains(error.message), "\(error.name): \(found)")
        #expect(found.file == fixture.path("app.fml.yaml"), "\(error.name)")
    }

    @Test func oneFileImportedWithTwoChannelsIsAnError() throws {
        let fixture = try ManifestFixture()
        try fixture.write("lib.fml.yaml", Self.library)
        try fixture.write("app.fml.yaml", Self.app("  - { path: lib.fml.yaml, channel: release }") + "\ninclude: [more.yaml]\n")
        try fixture.write("more.yaml", "import:\n  - { path: ./lib.fml.yaml, channel: debug }\n")
        let error = try #require(fixture.loadError("app.fml.yaml"))
        #expect(error.message.contains("is imported with two different channels: 'debug'"))
    }

    @Test func aNameDeclaredByTwoModulesIsAnError() throws {
        let fixture = try ManifestFixture()
        try fixture.write("lib.fml.yaml", Self.library)
        try fixture.write("app.fml.yaml", Self.app("  - { path: lib.fml.yaml, channel: release }") + """

              reader:
                description: The app's own reader.
                variables: {}
            """)
        let error = try #require(fixture.loadError("app.fml.yaml"))
        #expect(error.message.contains("feature 'reader' is already declared at"))
        #expect(error.file == fixture.path("lib.fml.yaml"))
        #expect(error.message.contains("declared by only one of the manifests an app imports"))
    }

    @Test func importCyclesEnd() throws {
        let fixture = try ManifestFixture()
        try fixture.write("lib.fml.yaml", Self.library + "\nimport: [{ path: app.fml.yaml, channel: release }]\n")
        try fixture.write("app.fml.yaml", Self.app("  - { path: lib.fml.yaml, channel: release }"))
        let manifest = try FeatureManifest.load(path: fixture.path("app.fml.yaml"))
        #expect(manifest.featureIDs == ["reader", "toolbar"])
    }
}
