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
        ("nimbus.forcedBranch.new-menu-test", "new-menu-test forced branch"),
        ("nimbus.forcedBranch.", "nimbus.forcedBranch."),
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
}
