import BibimbapData
@testable import FeatureFlags
import FeatureFlagsTestSupport
import Formats
import Foundation
import TestHelpers
import Testing
import TestTraits

/// The snapshot cache must never change what a registry says: it is used only while every file
/// it came from is untouched, and anything odd about it sends the load back to the files.
@Suite(.blocking) struct RegistrySnapshotTests {
    /// An app's registry and manifest with modification times safely in the past, so the first
    /// load may snapshot them, and a snapshot folder of its own.
    struct App {
        let folder = TemporaryDirectory()
        var registryPath: String { folder.file("app/feature-flags.yaml") }
        var snapshots: RegistrySnapshot { RegistrySnapshot(folder: folder.file("cache")) }
        var snapshotFile: String { snapshots.snapshotPath(for: registryPath)! }

        init(title: String = "Search bar") {
            SearchFeatureManifest.write(in: folder, to: "app/nimbus.fml.yaml")
            write(title: title)
        }

        func write(title: String) {
            folder.write("""
                app: demo
                manifest: nimbus.fml.yaml
                flags:
                  search:
                    feature: search-feature
                    variable: enabled
                    debug: { title: \(title), status: The search bar }
                """, to: "app/feature-flags.yaml")
            for file in ["app/feature-flags.yaml", "app/nimbus.fml.yaml"] { backdate(folder.file(file)) }
            // Files changed in the last 50 ms are not snapshotted (their change time moved just now).
            usleep(80_000)
        }

        func backdate(_ path: String) {
            let past = Date().addingTimeInterval(-60)
            try! FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path)
        }

        func title() throws -> String? { try snapshots.load(path: registryPath).flag("search").definition.debug?.title }
    }

    @Test func aSecondLoadReadsTheSnapshotAndGetsTheSameRegistry() throws {
        let app = App()
        let fromFiles = try app.snapshots.load(path: app.registryPath)
        #expect(FileManager.default.fileExists(atPath: app.snapshotFile))
        let fromSnapshot = try #require(RegistrySnapshot.readSnapshot(app.snapshotFile, registryPath: app.registryPath))
        expectSame(fromSnapshot, fromFiles)
        #expect(try app.title() == "Search bar")
    }

    /// The demo's and Firefox for iOS's registries, each read from its files and again from the
    /// snapshot it writes (which must be read to its end).
    private func demoAndFirefoxFromFilesAndSnapshot() throws -> [(files: FeatureFlagRegistry, snapshot: FeatureFlagRegistry)] {
        let demo = TemporaryDirectory()
        return try [try BibimbapDemo.materialize(in: demo.path), FirefoxExample.registryPath].map { path in
            let registry = try FeatureFlagRegistry.load(path: path)
            var writer = SnapshotWriter()
            registry.write(to: &writer)
            var reader = try SnapshotReader(writer.finish())
            let again = try FeatureFlagRegistry(snapshot: &reader)
            #expect(reader.isAtEnd)
            return (registry, again)
        }
    }

    @Test func theDemoAndFirefoxRegistriesComeBackWhole() throws {
        for (registry, again) in try demoAndFirefoxFromFilesAndSnapshot() { expectSame(again, registry) }
    }

    /// `isDebuggable` answers from the definition without making the key: it must agree with
    /// `debugKey` and the debug row for every flag, read from files or from a snapshot.
    @Test func aFlagIsDebuggableExactlyWhenItHasADebugKeyFromFilesAndFromTheSnapshot() throws {
        var answers: Set<Bool> = []
        for (registry, again) in try demoAndFirefoxFromFilesAndSnapshot() {
            for flags in [registry.flags, again.flags] {
                answers.formUnion(flags.map(\.isDebuggable))
                for flag in flags {
                    #expect(flag.isDebuggable == (flag.debugKey != nil), "\(flag.rawValue)")
                    #expect(flag.isDebuggable == (flag.definition.debug != nil), "\(flag.rawValue)")
                }
            }
        }
        // The demo has flags without a debug row (kitchenDisplay), so both answers were checked.
        #expect(answers == [true, false])
    }

    /// A flag read from files holds the feature it reads (so a listing does not look it up
    /// again); one read from a snapshot looks it up by its id. Both give every flag the same
    /// Nimbus value on every channel.
    @Test func aFlagHoldsItsFeatureFromFilesAndGetsTheSameValueFromTheSnapshot() throws {
        for (registry, again) in try demoAndFirefoxFromFilesAndSnapshot() {
            for flag in registry.flags {
                #expect(flag.definition.feature?.definition.id == flag.definition.nimbus?.feature, "\(flag.rawValue)")
            }
            #expect(again.flags.allSatisfy { $0.definition.feature == nil })
            for channel in registry.manifest.channels {
                let fromFiles = NimbusFeatureFlagLayer(registry: registry, channel: channel)
                let fromSnapshot = NimbusFeatureFlagLayer(registry: again, channel: channel)
                for (flag, read) in zip(registry.flags, again.flags) {
                    #expect(fromFiles.explainNimbusValue(for: flag) == fromSnapshot.explainNimbusValue(for: read), "\(flag.rawValue) \(channel)")
                    #expect(fromFiles.explainNimbusValueReadOnce(for: flag) == fromSnapshot.explainNimbusValueReadOnce(for: read))
                }
            }
        }
    }

    @Test func aFlagKnowsTheLineItIsWrittenOnFromFilesAndFromTheSnapshot() throws {
        let app = App()
        let fromFiles = try app.snapshots.load(path: app.registryPath)
        let location = try #require(try fromFiles.flag("search").definition.location)
        #expect(location.line == 4 && location.column == 3 && location.file.hasSuffix("feature-flags.yaml"), "\(location)")
        let fromSnapshot = try #require(RegistrySnapshot.readSnapshot(app.snapshotFile, registryPath: app.registryPath))
        #expect(try fromSnapshot.flag("search").definition.location == location)
        // A definition made in code (generated Swift) has none.
        #expect(FeatureFlagDefinition(id: "x").location == nil)
    }

    @Test func theTargetingContextComesBackFromTheSnapshot() throws {
        let app = App()
        let registry = try String(contentsOfFile: app.registryPath, encoding: .utf8)
        app.folder.write(registry + "\ncontext:\n  app_version: \"121.0\"\n  installation_date: 1700000000000\n  tags: [a, b]\n", to: "app/feature-flags.yaml")
        app.backdate(app.registryPath)
        usleep(80_000)
        let fromFiles = try app.snapshots.load(path: app.registryPath)
        #expect(fromFiles.context == ["app_version": .string("121.0"), "installation_date": .int(1_700_000_000_000),
                                      "tags": .array([.string("a"), .string("b")])])
        let fromSnapshot = try #require(RegistrySnapshot.readSnapshot(app.snapshotFile, registryPath: app.registryPath))
        #expect(fromSnapshot.context == fromFiles.context)
    }

    @Test func anEditedRegistryIsReadFromItsFilesAgain() throws {
        let app = App()
        #expect(try app.title() == "Search bar")
        app.write(title: "Search box")
        #expect(try app.title() == "Search box")
        #expect(RegistrySnapshot.readSnapshot(app.snapshotFile, registryPath: app.registryPath)?.flags.first?.definition.debug?.title == "Search box")
    }

    @Test func filesChangedJustBeforeTheReadAreNotSnapshotted() throws {
        let app = App()
        app.folder.write("# edited just now\n" + (try String(contentsOfFile: app.folder.file("app/nimbus.fml.yaml"), encoding: .utf8)),
                         to: "app/nimbus.fml.yaml")
        // Dated after the read starts however slow the machine: what a write during the read looks like.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: app.folder.file("app/nimbus.fml.yaml"))
        _ = try app.snapshots.load(path: app.registryPath)
        #expect(!FileManager.default.fileExists(atPath: app.snapshotFile), "a file written during the read could be half read")
    }

    @Test func brokenOrForeignSnapshotsAreIgnoredAndReplaced() throws {
        let app = App()
        _ = try app.snapshots.load(path: app.registryPath)
        let whole = try #require(FileManager.default.contents(atPath: app.snapshotFile))
        for cut in [0, 8, whole.count / 2, whole.count - 1] {
            app.folder.write(whole.prefix(cut), to: app.snapshotFile)
            #expect(RegistrySnapshot.readSnapshot(app.snapshotFile, registryPath: app.registryPath) == nil)
            #expect(try app.title() == "Search bar")
        }
        var flipped = whole
        flipped[whole.count / 2] ^= 0x01
        app.folder.write(flipped, to: app.snapshotFile)
        #expect(RegistrySnapshot.readSnapshot(app.snapshotFile, registryPath: app.registryPath) == nil, "one flipped bit fails the checksum")
        app.folder.write(whole, to: app.snapshotFile)
        #expect(RegistrySnapshot.readSnapshot(app.snapshotFile, registryPath: app.registryPath) != nil)
        chmod(app.snapshotFile, 0o666)
        #expect(RegistrySnapshot.readSnapshot(app.snapshotFile, registryPath: app.registryPath) == nil, "others could have written it")
        #expect(RegistrySnapshot.readSnapshot(app.snapshotFile, registryPath: app.folder.file("other.yaml")) == nil)
    }

    @Test func aBrokenRegistryThrowsItsOwnErrorAndIsNotSnapshotted() throws {
        let app = App()
        app.folder.write("app: demo\nmanifest: nimbus.fml.yaml\nflags:\n  search: { feature: nope, variable: enabled }\n",
                         to: "app/feature-flags.yaml")
        app.backdate(app.registryPath)
        #expect(throws: YAMLError.self) { try app.snapshots.load(path: app.registryPath) }
        #expect(!FileManager.default.fileExists(atPath: app.snapshotFile))
    }

    private func expectSame(_ a: FeatureFlagRegistry, _ b: FeatureFlagRegistry) {
        #expect(a.path == b.path && a.app == b.app && a.manifestPath == b.manifestPath && a.experiments == b.experiments)
        #expect(a.flags.map(\.rawValue) == b.flags.map(\.rawValue))
        #expect(a.debuggableFlags == b.debuggableFlags && a.debuggableFlagIndices == b.debuggableFlagIndices)
        #expect(a.userPreferenceFlagIndices == b.userPreferenceFlagIndices)
        #expect(a.userPreferenceFlagIndices == a.flags.indices.filter { a.flags[$0].userPrefsKey != nil })
        #expect(a.debuggableFlagIndices == DebugRowOrder.order(of: a.flags), "the stored order is the order worked out")
        for flag in a.flags { #expect(b.index(ofFlag: flag.rawValue).map { b.flags[$0] } == flag) }
        for (x, y) in zip(a.flags.map(\.definition), b.flags.map(\.definition)) {
            #expect(x.nimbus == y.nimbus && x.debug == y.debug && x.userPrefsKey == y.userPrefsKey && x.fallback == y.fallback)
            #expect(x.location == y.location)
        }
        #expect(a.preferences == b.preferences && a.buildFlags == b.buildFlags)
        #expect(a.context == b.context)
        let (m, n) = (a.manifest, b.manifest)
        #expect(m.channels == n.channels && m.files == n.files && m.featureIDs == n.featureIDs)
        #expect(n.featureIDs.allSatisfy(n.hasFeature) && !n.hasFeature("no-such-feature") && !n.hasFeature(""))
        #expect(m.enumNames == n.enumNames && m.objectNames == n.objectNames)
        for id in m.featureIDs {
            #expect(m.feature(id) == n.feature(id))
            for channel in m.channels { #expect(m.defaultValue(forFeature: id, channel: channel) == n.defaultValue(forFeature: id, channel: channel)) }
        }
        for name in m.enumNames { #expect(m.enumDefinition(name) == n.enumDefinition(name)) }
        for name in m.objectNames { #expect(m.objectDefinition(name) == n.objectDefinition(name)) }
    }
}
