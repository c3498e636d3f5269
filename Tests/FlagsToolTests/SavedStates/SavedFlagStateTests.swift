import FeatureFlags
import FlagsTool
import FeatureFlagsTestSupport
import Foundation
import Testing

@Suite struct SavedFlagStateTests {
    let folder = TemporaryDirectory()

    private func environment() throws -> FlagsEnvironment {
        try RegistryDiscovery.open(FlagsOptions(storePath: folder.file("prefs.sqlite"), workingDirectory: folder.path,
                                               environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path]))
    }

    @Test func captureWriteReadApplyRoundTrips() throws {
        let env = try environment()
        try env.provider.setDebugOverride(try env.registry.flag("tipJar"), to: false)
        try env.preferences.setPreferenceFor(try env.registry.flag("spicyMode"), to: true)
        try env.preferences.setPreferenceFor(try env.registry.preference("startAtHome"), to: "disabled")
        let saved = SavedFlagState.capture(from: env)
        #expect(saved.overrides == ["tipJar": false] && saved.userPreferences == ["spicyMode": true])
        #expect(saved.typedPreferences == ["startAtHome": "disabled"])

        let text = saved.json.prettyText
        try env.prefs.clearAll()
        let read = try SavedFlagStateReader(registry: env.registry).read(text, file: "saved.json")
        try env.prefs.apply(read.changes(for: env, replacing: false))
        var again = SavedFlagState.capture(from: env)
        again.overrideSetAt = again.overrideSetAt.mapValues { $0.rounded(.down) }
        var expected = saved
        expected.overrideSetAt = expected.overrideSetAt.mapValues { $0.rounded(.down) }
        #expect(again == expected, "the override keeps the time it was set")
    }

    @Test func everyProblemIsListedWithSuggestions() throws {
        let env = try environment()
        let text = #"{"app": "bibimbap", "overrides": {"tipJr": true, "kitchenDisplay": true, "reviews": 1}, "extra": 1,"#
            + #" "typedPreferences": {"startAtHome": "sometimes"}, "userPreferences": {"tipJar": true}}"#
        let error = try #require(throws: SavedStateProblems.self) { try SavedFlagStateReader(registry: env.registry).read(text, file: "x.json") }
        #expect(error.problems.count == 6)
        #expect(error.description.contains("did you mean `tipJar`") && error.description.contains("not debuggable"))
        #expect(error.description.contains("expected one of afterFourHours, always, disabled"))
    }

    @Test func malformedJSONNamesThePosition() throws {
        let env = try environment()
        let error = try #require(throws: SavedStateProblems.self) {
            try SavedFlagStateReader(registry: env.registry).read("{\n  \"overrides\": {,}\n}", file: "x.json")
        }
        #expect(error.problems.first?.hasPrefix("x.json:2:") == true)
    }

    @Test func replacingRemovesOverridesNotInTheState() throws {
        let env = try environment()
        try env.provider.setDebugOverride(try env.registry.flag("tipJar"), to: false)
        try env.provider.setDebugOverride(try env.registry.flag("reviews"), to: false)
        let state = SavedFlagState(app: "bibimbap", channel: "developer", overrides: ["reviews": true])
        try env.prefs.apply(state.changes(for: env, replacing: true))
        #expect(SavedFlagState.capture(from: env).overrides == ["reviews": true])
    }

    @Test func presetsSaveListApplyDelete() throws {
        let env = try environment()
        let presets = PresetStore(environment: env)
        try env.provider.setDebugOverride(try env.registry.flag("tipJar"), to: false)
        try presets.save("checkout", state: SavedFlagState.capture(from: env))
        _ = try env.provider.removeAllDebugOverrides()
        try env.provider.setDebugOverride(try env.registry.flag("reviews"), to: false)
        try presets.apply("checkout")
        #expect(SavedFlagState.capture(from: env).overrides == ["tipJar": false])
        #expect(presets.list().map(\.name) == ["checkout"])
        #expect(throws: PresetNameError.self) { try presets.load("chekout") }
        #expect(throws: PresetNameError.self) { try presets.save("no spaces", state: SavedFlagState.capture(from: env)) }
        try presets.delete("checkout")
        #expect(presets.list().isEmpty)
    }

    @Test func journalRestoresTheOverridesFromBeforeTheMatrix() throws {
        let env = try environment()
        try env.provider.setDebugOverride(try env.registry.flag("tipJar"), to: false)
        let journal = MatrixJournal(environment: env)
        try journal.begin()
        try env.provider.setDebugOverride(try env.registry.flag("tipJar"), to: true)
        try env.provider.setDebugOverride(try env.registry.flag("reviews"), to: true)
        #expect(!journal.isAbandoned, "this process is alive")
        #expect(try journal.restore())
        #expect(SavedFlagState.capture(from: env).overrides == ["tipJar": false])
        #expect(!journal.pending)
    }
}
