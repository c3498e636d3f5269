import FeatureFlagsTestSupport
import FlagsTool
import Foundation
import Formats
import Testing

/// One vocabulary for every store key in every command: what `log` names a key, what `diff`
/// and `preset apply` count, what `list` calls a source, and a feature override counted per
/// variable, as the menu counts it. Run in process on the demo.
@Suite struct StoreVocabularyTests {
    let flags = InProcessFlags(environment: ["LANG": "C", "LC_ALL": ""])

    @discardableResult
    func output(_ arguments: String...) -> String {
        let (status, console) = flags.run(arguments)
        #expect(status == 0, "flags \(arguments.joined(separator: " ")): \(console.errors)")
        return console.output
    }

    /// The groups `flags log --json` lists.
    func loggedGroups() throws -> Set<Int> {
        Set(try JSONParser.parse(output("log", "--json")).arrayValue?.compactMap { $0["group"]?.intValue } ?? [])
    }

    @Test func presetApplyCountsWhatItWroteAsTheLogShowsIt() throws {
        output("set", "tipJar", "off")
        output("preset", "save", "lunch")
        output("set", "tipJar", "on")
        let groups = try loggedGroups()
        #expect(output("preset", "apply", "lunch") == "applied preset lunch (1 change)\n")
        let log = try JSONParser.parse(output("log", "--json")).arrayValue ?? []
        let applied = log.filter { !groups.contains($0["group"]?.intValue ?? 0) }
        #expect(applied.count == 1 && applied.first?["what"] == .string("tipJar override"), "\(applied)")
        #expect(output("preset", "apply", "lunch") == "applied preset lunch (no changes)\n")
        #expect(try loggedGroups().count == groups.count + 1, "applying what is there writes nothing")
    }

    @Test func theLogNamesTheOptOutsAsEverythingElseDoes() {
        output("opt-out", "experiments", "on")
        let log = output("log")
        #expect(log.contains("experiments opt-out") && !log.contains("nimbus.experimentsOptOut"), "\(log)")
    }

    @Test func listSaysDefaultWhereItsJSONDoes() throws {
        let row = output("list").split(separator: "\n").first { $0.hasPrefix("sponsoredShortcuts ") } ?? ""
        #expect(row.contains(" default ") && !row.contains("fallback"), "\(row)")
        let json = try JSONParser.parse(output("get", "sponsoredShortcuts", "--json"))
        #expect(json["source"] == .string("default"))
    }

    @Test func featureOverridesAreCountedPerVariableEverywhere() {
        output("feature", "set", "bibimbap-feature", "spice-level", "5")
        output("feature", "set", "bibimbap-feature", "enabled", "false")
        output("enroll", "new-menu-test", "--branch", "treatment")
        #expect(output("preset", "save", "qa") == "saved preset qa: 0 overrides, 0 preferences, 1 forced branch, 2 feature overrides\n")
        let diff = output("diff", "preset:qa")
        #expect(diff.hasPrefix("No differences"), "\(diff)")
        #expect(output("reset", "--all") == "Removed 1 forced branch and 2 feature overrides.\n")
        let (status, changed) = flags.run(["diff", "preset:qa"])
        #expect(status == 1 && changed.errors.isEmpty, "differences exit 1, as diff(1) does, with nothing more said")
        let rows = changed.output.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(rows.contains("feature override bibimbap-feature.spice-level - 5"), "\(changed.output)")
        #expect(rows.contains("forced branch new-menu-test - treatment"), "\(changed.output)")
    }

    /// What a colleague changed in a shared preset is told in the same words as the history.
    @Test func theDifferencesOfSavedStatesUseTheHistorysWords() {
        let before = SavedFlagState(app: "bibimbap", channel: "developer", overrides: ["tipJar": false], forcedBranches: ["new-menu-test": "control"],
                                    featureValues: ["bibimbap-feature": ["spice-level": .int(4)]])
        let after = SavedFlagState(app: "bibimbap", channel: "developer", overrides: ["tipJar": true], typedPreferences: ["startAtHome": "never"],
                                   featureValues: ["bibimbap-feature": ["spice-level": .int(5)]])
        #expect(before.differences(to: after) == [
            "tipJar override: off → on", "startAtHome preference: (none) → never",
            "forced branch new-menu-test: control → (none)", "feature override bibimbap-feature.spice-level: 4 → 5",
        ])
    }
}
