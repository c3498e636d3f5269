import FeatureFlags
import FeatureFlagsTestSupport
import FlagsTool
import Formats
import Testing

@Suite struct SavedStateArgumentTests {
    let folder = TemporaryDirectory()

    private func environment() throws -> FlagsEnvironment {
        try RegistryDiscovery.open(FlagsOptions(storePath: folder.file("prefs.sqlite"), workingDirectory: folder.path,
                                               environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path]))
    }

    private func read(_ text: String, _ env: FlagsEnvironment) throws -> SavedFlagState {
        try SavedStateArgument.read(text, option: "--bad", environment: env, workingDirectory: folder.path)
    }

    @Test func keywordsPresetsFilesAndCombinations() throws {
        let env = try environment()
        try env.provider.setDebugOverride(try env.registry.flag("tipJar"), to: false)
        #expect(try read("current", env).overrides == ["tipJar": false])
        #expect(try read("defaults", env).debugOverrideCount == 0)
        try PresetStore(environment: env).save("qa", state: SavedFlagState(app: "bibimbap", channel: "developer", overrides: ["reviews": true]))
        #expect(try read("qa", env).overrides == ["reviews": true])
        #expect(try read("preset:qa", env).overrides == ["reviews": true])
        _ = folder.write(#"{"overrides": {"delivery": false}}"#, to: "state.json")
        #expect(try read("state.json", env).overrides == ["delivery": false])
        let combined = try read("reviews=on,startAtHome=always,seasonal-menu-feature.season=summer", env)
        #expect(combined.overrides == ["tipJar": false, "reviews": true], "on top of the current state")
        #expect(combined.typedPreferences == ["startAtHome": "always"])
        #expect(combined.featureValues == ["seasonal-menu-feature": ["season": .string("summer")]])
    }

    @Test func errorsNameTheOptionAndWhatAStateCanBe() throws {
        let env = try environment()
        try PresetStore(environment: env).save("checkout", state: SavedFlagState(app: "bibimbap", channel: "developer"))
        let typo = try #require(throws: SavedStateArgumentError.self) { try read("chekout", env) }
        #expect(typo.message.hasPrefix("--bad chekout: no preset and no file of that name (did you mean 'checkout'?)"))
        #expect(typo.message.contains("flags export --output FILE") && typo.message.contains("`defaults`"))
        let keyword = try #require(throws: SavedStateArgumentError.self) { try read("defualts", env) }
        #expect(keyword.message.contains("did you mean 'defaults'"))
        _ = folder.write(#"{"overrides": {"tipJr": true}}"#, to: "bad.json")
        let file = try #require(throws: SavedStateArgumentError.self) { try read("bad.json", env) }
        #expect(file.message.contains("tipJr") && file.message.contains("did you mean `tipJar`"))
        let season = try #require(throws: SavedStateArgumentError.self) { try read("seasonal-menu-feature.season=monsoon", env) }
        #expect(season.message.contains("seasonal-menu-feature.season=monsoon"))
        let unknown = try #require(throws: SavedStateArgumentError.self) { try read("tipJr=on", env) }
        #expect(unknown.message.contains("did you mean `tipJar`"))
    }

    @Test func anExactStateAndABisectJournalPutPreferencesBackToo() throws {
        let env = try environment()
        try env.provider.setDebugOverride(try env.registry.flag("tipJar"), to: false)
        try env.preferences.setPreferenceFor(try env.registry.preference("startAtHome"), to: "disabled")
        let before = SavedFlagState.capture(from: env)
        let journal = MatrixJournal(environment: env)
        try journal.begin(command: "flags bisect", includingPreferences: true)
        #expect(journal.ownerCommand == "flags bisect")
        var other = SavedFlagState(app: "bibimbap", channel: "developer", overrides: ["reviews": true], userPreferences: ["spicyMode": true])
        other.featureValues = ["seasonal-menu-feature": ["season": .string("summer")]]
        try env.prefs.apply(other.exactChanges(for: env))
        var now = SavedFlagState.capture(from: env)
        now.overrideSetAt = [:]
        #expect(now == other, "startAtHome was removed, as the state does not set it")
        #expect(try journal.restore())
        var after = SavedFlagState.capture(from: env)
        var expected = before
        // The journal keeps when an override was set to the second, as an export does.
        after.overrideSetAt = after.overrideSetAt.mapValues { $0.rounded(.down) }
        expected.overrideSetAt = expected.overrideSetAt.mapValues { $0.rounded(.down) }
        #expect(after == expected)
    }
}
