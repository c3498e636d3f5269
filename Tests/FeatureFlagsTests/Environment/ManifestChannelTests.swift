@testable import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing
import TestTraits

/// Channels come from the manifest: `--channel` (`FlagsOptions.channel`) takes any channel it
/// declares, the registry's `channels:` maps the build to the manifest's names, and a manifest
/// that does not declare the build's channel is an error unless mapped. The override gate stays
/// the build channel's.
@Suite(.blocking) struct ManifestChannelTests {
    let folder = TemporaryDirectory()

    /// A manifest in Fenix's libraries' style: `debug`, `nightly`, `release`.
    func write(mapping: String?) -> String {
        folder.write("""
            channels: [debug, nightly, release]
            features:
              reader:
                description: Reader.
                variables:
                  enabled: { description: On., type: Boolean, default: false }
                defaults:
                  - { channel: debug, value: { enabled: true } }
                  - { channel: nightly, value: { enabled: true } }
            """, to: "app/nimbus.fml.yaml")
        return folder.write("""
            app: reader
            manifest: nimbus.fml.yaml
            \(mapping ?? "")
            flags:
              reader:
                feature: reader
                variable: enabled
                debug: { title: Reader, status: Reader mode }
            """, to: "app/feature-flags.yaml")
    }

    func open(_ registry: String, channel: ChannelName? = nil) throws -> FlagsEnvironment {
        try FlagsEnvironment.open(FlagsOptions(configPath: registry, storePath: folder.file("prefs.sqlite"), channel: channel,
                                               workingDirectory: folder.path,
                                               environment: ["HOME": folder.path, "XDG_STATE_HOME": folder.file("state"), "FLAGS_NO_CACHE": "1"]))
    }

    static let mapping = "channels: { developer: debug, beta: nightly }"

    @Test func theRegistryMapsTheBuildToTheManifestsChannel() throws {
        let registry = write(mapping: Self.mapping)
        let environment = try open(registry)
        #expect(environment.channel == ChannelMap([.developer: "debug", .beta: "nightly"]).manifestChannel(for: .current))
        #expect(environment.buildChannel == .current)
        #expect(environment.registry.channels.names == [.developer: "debug", .beta: "nightly"])
        #expect(environment.experiments.client.channel == environment.channel, "targeting sees the manifest's name")
    }

    @Test func anyDeclaredChannelMayBePreviewedWithTheRulesOfTheBuildThatStandsForIt() throws {
        let registry = write(mapping: Self.mapping)
        let nightly = try open(registry, channel: "nightly")
        #expect(nightly.channel == "nightly")
        #expect(nightly.buildChannel == .beta)
        let release = try open(registry, channel: "release")
        #expect(release.buildChannel == .release)
        #expect(!release.provider.honorsOverrides)
        let flag = try release.registry.flag("reader")
        #expect(!release.provider.isEnabled(flag))
        #expect(nightly.provider.isEnabled(flag))
        // A build channel's name reaches its mapped channel; previewing does the same.
        #expect(try open(registry, channel: .developer).channel == "debug")
        #expect(release.previewing(.beta).channel == "nightly")
        #expect(release.previewing("debug").buildChannel == .developer)
    }

    @Test func aChannelNoBuildStandsForIsPreviewedWithThisBuildsRules() throws {
        let registry = write(mapping: "channels: { developer: debug, beta: release }")
        let nightly = try open(registry, channel: "nightly")
        #expect(nightly.buildChannel == .current)
    }

    @Test func anUndeclaredBuildChannelIsAnErrorThatSaysHowToMapIt() throws {
        let registry = write(mapping: nil)
        let error = #expect(throws: ChannelError.self) { try open(registry, channel: "nightly") }
        #expect(error?.given == nil)
        #expect(error?.message.contains("does not declare the channel of this \(BuildChannel.current.rawValue) build, '\(BuildChannel.current.rawValue)'") == true)
        #expect(error?.message.contains("it declares: debug, nightly, release") == true)
        #expect(error?.message.contains("channels: { \(BuildChannel.current.rawValue): debug }") == true)
    }

    @Test func anUnknownChannelNamesTheDeclaredOnes() throws {
        let registry = write(mapping: Self.mapping)
        let error = #expect(throws: ChannelError.self) { try open(registry, channel: "nighty") }
        #expect(error?.given == "nighty")
        #expect(error?.message.hasPrefix("unknown channel 'nighty' (did you mean 'nightly'?): the manifest") == true)
        #expect(error?.message.hasSuffix("declares debug, nightly, release") == true)
    }

    static let badMappings: [(mapping: String, message: String)] = [
        ("channels: { developer: dev }", "`channels` maps the developer build to 'dev', which the manifest"),
        ("channels: { nightly: debug }", "'nightly' is not one: expected developer, beta, release"),
        ("channels: { developer: '' }", "`channels.developer` is empty"),
        ("channels: [debug]", "expected `channels` to be a mapping"),
    ]

    @Test(arguments: badMappings)
    func aBadMappingIsAnErrorAtItsLine(_ bad: (mapping: String, message: String)) throws {
        let registry = write(mapping: bad.mapping)
        do {
            _ = try FeatureFlagRegistry.load(path: registry)
            Issue.record("\(bad.mapping) loaded")
        } catch let error as YAMLError {
            #expect(error.message.contains(bad.message), "\(error)")
            #expect(error.file == registry && error.line == 3, "\(error)")
        }
    }

    @Test func theMappingAndTheManifestsWarningsSurviveASnapshot() throws {
        let registry = write(mapping: Self.mapping)
        folder.write("about: { description: Part., swift: { module: App, class: Part } }\n", to: "app/part.yaml")
        let manifest = folder.file("app/nimbus.fml.yaml")
        try (String(contentsOfFile: manifest, encoding: .utf8) + "\ninclude: [part.yaml]\n").write(toFile: manifest, atomically: true, encoding: .utf8)
        let past = Date().addingTimeInterval(-60)
        for file in [registry, manifest, folder.file("app/part.yaml")] {
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file)
        }
        usleep(80_000)
        let snapshots = RegistrySnapshot(folder: folder.file("cache"))
        let fromFiles = try snapshots.load(path: registry)
        let fromSnapshot = try #require(RegistrySnapshot.readSnapshot(snapshots.snapshotPath(for: registry)!, registryPath: registry))
        #expect(fromSnapshot.channels == fromFiles.channels)
        #expect(fromSnapshot.channels.names == [.developer: "debug", .beta: "nightly"])
        #expect(fromFiles.manifest.warnings.count == 1)
        #expect(fromSnapshot.manifest.warnings == fromFiles.manifest.warnings)
    }
}
