import BibimbapData
@testable import FeatureFlags
import FeatureFlagsTestSupport
@testable import FlagsTool
import Foundation
import Testing

/// `FlagAuthor` on a copy of the Bibimbap demo in a temporary folder.
@Suite struct FlagAuthorTests {
    let folder = TemporaryDirectory()
    let registryPath: String

    init() throws {
        registryPath = try BibimbapDemo.materialize(in: folder.path)
    }

    /// Every file of the folder and its bytes.
    private func tree() -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: folder.file(path)) { files[path] = data }
        }
        return files
    }

    @Test func addWritesTheFeatureTheIncludeAndTheFlagAndRemoveUndoesThem() throws {
        let before = tree()
        let flag = try NewFlag(name: FlagName(parsing: "newThingFeature"), description: "Shows the new thing: fast",
                               isDebuggable: true, isUserToggleable: true)
        let changes = try FlagAuthor(registryPath: registryPath).add(flag)
        #expect(changes.count == 3)

        let registry = try FeatureFlagRegistry.load(path: registryPath)
        let added = try registry.flag("newThing")
        #expect(added.debugKey == "newThingDebugKey" && added.userPrefsKey == "NewThingUserPrefsKey")
        #expect(added.definition.debug == .init(title: "New Thing", status: "Shows the new thing: fast"))
        #expect(registry.manifest.feature("new-thing-feature")?.description == "Shows the new thing: fast")
        #expect(registry.manifest.defaultValue(forFeature: "new-thing-feature", channel: "developer") == .object(["enabled": .bool(true)]))
        #expect(registry.manifest.defaultValue(forFeature: "new-thing-feature", channel: "release") == .object(["enabled": .bool(false)]))
        let ids = try String(contentsOfFile: registryPath, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && $0.hasSuffix(":") }.map { $0.dropFirst(2).dropLast() }
        #expect(ids.firstIndex(of: "newThing")! == ids.firstIndex(of: "newBibimbapMenu")! + 1, "inserted in alphabetical order")

        let steps = FlagAuthor(registryPath: registryPath).remove(try FlagName(parsing: "newThing"))
        #expect(steps.map(\.outcome) == [.done, .done, .done])
        #expect(tree() == before)
    }

    @Test func refusalsChangeNothing() throws {
        let before = tree()
        let author = FlagAuthor(registryPath: registryPath)
        for (name, kind) in [("tipJar", AuthoringError.Kind.conflict), ("bibimbap", .conflict)] {
            do {
                try author.add(NewFlag(name: FlagName(parsing: name)))
                Issue.record("adding \(name) should be refused")
            } catch {
                #expect(error.kind == kind)
            }
        }
        folder.write("features: {}\n", to: "nimbus-features/leftoverFeature.yaml")
        #expect(throws: AuthoringError.self) { try author.add(NewFlag(name: FlagName(parsing: "leftover"))) }
        try FileManager.default.removeItem(atPath: folder.file("nimbus-features/leftoverFeature.yaml"))
        #expect(tree() == before)
    }

    @Test func aRegistryThatNoLongerLoadsIsRolledBackByteForByte() throws {
        // A manifest in its own folder: the nimbus-features folder is created, and must go again.
        let app = TemporaryDirectory()
        app.write("---\n# root\nchannels: [developer, release]\nfeatures: {}\n", to: "nimbus.fml.yaml")
        let registry = app.write("app: x\nmanifest: nimbus.fml.yaml\nflags:\n  other:\n    default: true\n", to: "feature-flags.yaml")
        let failing = FlagAuthor(registryPath: registry) { _ in throw AuthoringError.failed("simulated") }
        do {
            try failing.add(NewFlag(name: FlagName(parsing: "newThing")))
            Issue.record("the failing check should refuse the edit")
        } catch {
            #expect(error.message.contains("simulated") && error.message.contains("every file was restored"))
        }
        #expect(try String(contentsOfFile: registry, encoding: .utf8) == "app: x\nmanifest: nimbus.fml.yaml\nflags:\n  other:\n    default: true\n")
        #expect(try String(contentsOfFile: app.file("nimbus.fml.yaml"), encoding: .utf8) == "---\n# root\nchannels: [developer, release]\nfeatures: {}\n")
        #expect(!FileManager.default.fileExists(atPath: app.file("nimbus-features")))

        // The same edit with the real check goes through, include list and all.
        try FlagAuthor(registryPath: registry).add(NewFlag(name: FlagName(parsing: "newThing")))
        #expect(try FeatureFlagRegistry.load(path: registry).flagIfPresent("newThing")?.isNimbusConfigured == true)
    }

    @Test func removeKeepsAFeatureFileAnotherFlagStillReads() throws {
        let author = FlagAuthor(registryPath: registryPath)
        try author.add(NewFlag(name: FlagName(parsing: "newThing")))
        let text = try String(contentsOfFile: registryPath, encoding: .utf8)
        try RegistryTextEditor.addingFlag("newThingCopy", body: ["feature: new-thing-feature"], to: text, path: registryPath)
            .write(toFile: registryPath, atomically: false, encoding: .utf8)
        let steps = author.remove(try FlagName(parsing: "newThing"))
        #expect(steps[0].outcome == .done)
        guard case .failed(let why) = steps[1].outcome else { Issue.record("include removal should be refused"); return }
        #expect(why.contains("flag `newThingCopy`"))
        #expect(FileManager.default.fileExists(atPath: folder.file("nimbus-features/newThingFeature.yaml")))
        #expect(try FeatureFlagRegistry.load(path: registryPath).flagIfPresent("newThingCopy") != nil)
    }
}
