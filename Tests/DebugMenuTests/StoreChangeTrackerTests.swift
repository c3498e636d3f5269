@testable import DebugMenu
import FeatureFlags
import FlagsTool
import FeatureFlagsTestSupport
import Prefs
import Testing

/// `StoreChangeTracker` on the demo's registry: which rows a changed key asks `reloadView()`
/// to rebuild, and `OverrideCounts` of the same snapshots.
@Suite("StoreChangeTracker")
struct StoreChangeTrackerTests {
    let folder = TemporaryDirectory()

    private func registry() throws -> FeatureFlagRegistry {
        try RegistryDiscovery.open(FlagsOptions(
            storePath: folder.file("prefs.sqlite"), channel: ChannelName(.developer), workingDirectory: folder.path,
            environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path])).registry
    }

    private func entry(_ value: PrefValue) -> PrefEntry { PrefEntry(value: value, updatedAt: 1) }

    @Test func aKeyChangeRebuildsTheRowsThatShowIt() throws {
        let registry = try registry()
        let flag = try #require(registry.debuggableFlags.first)
        let debugKey = try #require(flag.debugKey)
        let preference = try #require(registry.flags.first { $0.userPrefsKey != nil })
        var tracker = StoreChangeTracker(registry: registry, snapshot: [:])
        #expect(tracker.changes(to: [:], registry: registry) == .none)

        let overridden = [debugKey: entry(.bool(true))]
        #expect(tracker.changes(to: overridden, registry: registry) == .rows([.featureFlag(flag.rawValue), .buildStatus(flag.rawValue)]))
        #expect(tracker.snapshot == overridden && tracker.changes(to: overridden, registry: registry) == .none)

        var chosen = overridden
        chosen[preference.userPrefsKey!] = entry(.bool(false))
        #expect(tracker.changes(to: chosen, registry: registry) == .rows([.userPreference(preference.rawValue)]))
        #expect(tracker.changes(to: [:], registry: registry)
            == .rows([.featureFlag(flag.rawValue), .buildStatus(flag.rawValue), .userPreference(preference.rawValue)]),
                "a removed key counts as changed")
    }

    @Test func unshownKeysChangeNothingAndUnknownKeysEveryRow() throws {
        let registry = try registry()
        var tracker = StoreChangeTracker(registry: registry, snapshot: [:])
        #expect(tracker.changes(to: ["presets.checkout": entry(.string("{}"))], registry: registry) == .none)
        #expect(tracker.snapshot.keys.contains("presets.checkout"), "the snapshot follows even when no row shows the key")
        #expect(tracker.changes(to: ["someOtherKey": entry(.int(1))], registry: registry) == .allRows)
        #expect(tracker.changes(to: ["someOtherKey": entry(.int(1)), "unknownFlagDebugKey": entry(.bool(true))], registry: registry) == .rows([]),
                "an override of a flag the registry lacks is counted but shown by no row")
    }

    @Test func aNimbusOverrideAsksForANewEvaluationAndKeepsTheSnapshot() throws {
        let registry = try registry()
        var tracker = StoreChangeTracker(registry: registry, snapshot: [:])
        let forced = [NimbusOverrideStore.forcedBranchPrefix + "menu-test": entry(.string("control"))]
        #expect(tracker.changes(to: forced, registry: registry) == .nimbusOverrides)
        #expect(tracker.snapshot.isEmpty)
        tracker.reset(to: forced)
        #expect(tracker.changes(to: forced, registry: registry) == .none)
    }

    @Test func overrideCountsReadTheSameSnapshot() throws {
        let registry = try registry()
        let flag = try #require(registry.debuggableFlags.first)
        let counts = OverrideCounts(snapshot: [
            try #require(flag.debugKey): entry(.bool(true)),
            "unknownFlagDebugKey": entry(.bool(false)),
            "notAnOverrideDebugKey": entry(.string("on")),
            NimbusOverrideStore.forcedBranchPrefix + "menu-test": entry(.string("control")),
        ], registry: registry)
        #expect(counts.flagOverrides == 2 && counts.overriddenFlagIDs == [flag.rawValue])
        #expect(counts.nimbusOverrides == 1)
    }
}
