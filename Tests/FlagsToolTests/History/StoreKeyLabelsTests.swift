import FeatureFlags
import FlagsTool
import FeatureFlagsTestSupport
import Foundation
import Prefs
import Testing

/// How the history names the demo's store keys and values.
@Suite struct StoreKeyLabelsTests {
    let folder = TemporaryDirectory()

    private func labels() throws -> StoreKeyLabels {
        let environment = try RegistryDiscovery.open(FlagsOptions(storePath: folder.file("prefs.sqlite"), workingDirectory: folder.path,
                                                                  environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path]))
        return StoreKeyLabels(registry: environment.registry)
    }

    @Test(arguments: [
        ("tipJarDebugKey", "tipJar override"),
        ("SpicyModeUserPrefsKey", "spicyMode preference"),
        ("StartAtHomeUserPrefsKey", "startAtHome preference"),
        ("presets.checkout", "preset checkout"),
        ("nimbus.forcedBranch.new-menu-test", "forced branch new-menu-test"),
        ("nimbus.experimentsOptOut", "experiments opt-out"),
        ("nimbus.rolloutsOptOut", "rollouts opt-out"),
        ("nimbus.featureOverride.bibimbap-feature", "feature override bibimbap-feature"),
        ("nimbus.forcedBranch.", "nimbus.forcedBranch."),
        ("nimbus.forcedBranch.evil\u{1B}[2J", "forced branch evil?[2J"),
        ("DebugKey", "DebugKey"),
        ("somethingElse", "somethingElse"),
        ("forged\n3  2026-12-01  flags set", "forged?3  2026-12-01  flags set"),
        ("\u{1B}]0;title\u{7}DebugKey", "?]0;title? override"),
    ])
    func keysAreNamedAsPeopleKnowThem(key: String, label: String) throws {
        #expect(try labels().label(for: key) == label)
    }

    @Test func valuesAndChanges() throws {
        let labels = try labels()
        #expect(labels.value(.bool(true), of: "tipJarDebugKey") == "on")
        #expect(labels.value(nil, of: "tipJarDebugKey") == "none")
        #expect(labels.value(.int(3), of: "n") == "3")
        #expect(labels.value(.string("{\"overrides\": {}}"), of: "presets.a") == "saved")
        #expect(labels.value(.string(String(repeating: "x", count: 100)), of: "s").count == 40)
        #expect(labels.value(.string("a\nb\u{1B}[2J"), of: "s") == "a?b?[2J")
        let entry = PrefsHistoryEntry(id: 1, group: 1, key: "tipJarDebugKey", oldEntry: PrefEntry(value: .bool(false), updatedAt: 0),
                                      newValue: .bool(true), at: 0, author: "menu", pid: 1)
        #expect(labels.change(entry) == "off → on")
    }

    /// A feature override's change is told variable by variable; a forced branch's as its branch.
    @Test func nimbusOverrideChangesReadWell() throws {
        let labels = try labels()
        func change(_ key: String, _ old: PrefValue?, _ new: PrefValue?) -> String {
            labels.change(PrefsHistoryEntry(id: 1, group: 1, key: key, oldEntry: old.map { PrefEntry(value: $0, updatedAt: 0) },
                                            newValue: new, at: 0, author: "flags feature", pid: 1))
        }
        let feature = "nimbus.featureOverride.bibimbap-feature"
        #expect(change(feature, nil, .string(#"{"spice-level":5}"#)) == "spice-level: none → 5")
        #expect(change(feature, .string(#"{"enabled":true,"spice-level":5}"#), .string(#"{"spice-level":4}"#)) == "enabled: true → none, spice-level: 5 → 4")
        #expect(change(feature, .string(#"{"enabled":true}"#), nil) == "enabled: true → none")
        #expect(change(feature, .string("not json"), nil) == "not json → none", "a text written by hand is shown as it is")
        #expect(change("nimbus.forcedBranch.new-menu-test", nil, .string("treatment")) == "none → treatment")
    }
}
