import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing
import TestHelpers
import TestTraits

/// `flags matrix` over dimensions beyond on/off (an enum variable, an Int variable's values, an
/// experiment's branches) with a constraint, checked by what the real `flags` binary reads from
/// the store inside each run, as the app would.
@Suite(.blocking) struct MatrixDimensionsCommandTests {
    let folder = TemporaryDirectory()
    var environment: [String: String] { ["FLAGS_STORE": folder.file("prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")] }
    static let dimensions = ["tipJar", "start-at-home-feature.setting", "bibimbap-feature.spice-level=1,3,5", "new-menu-test"]
    static let names = ["tipJar", "start-at-home-feature.setting", "bibimbap-feature.spice-level", "new-menu-test"]
    static let constraint = #"IF [tipJar] = "off" THEN [bibimbap-feature.spice-level] <> 5;"#

    private func flags(_ arguments: String...) throws -> BuiltProgram.Result {
        try BuiltProgram.run(BuiltProgram.flags, arguments, environment: environment, in: folder.path)
    }

    /// What the store holds that a matrix may change, without the times of writes.
    private func state() throws -> JSONValue {
        var export = try JSONParser.parse(try flags("export").output).objectValue ?? [:]
        export["overrideSetAt"] = nil
        return .object(export)
    }

    /// One run's view: the combination given, and what `flags get` and `flags feature` read.
    struct Seen {
        var combination: [String: String]
        var tipJar: Bool?
        var setting: String?
        var spiceLevel: Int?
        var experiment: (branch: String, forced: Bool)?
    }

    private func seen(in directory: String) throws -> [Seen] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted().map { run in
            func json(_ name: String) throws -> JSONValue { try JSONParser.parse(String(contentsOfFile: "\(directory)/\(run)/\(name)", encoding: .utf8)) }
            let text = try String(contentsOfFile: "\(directory)/\(run)/combination", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            // A value may hold no `,`; a name holds no `=`.
            let combination = Dictionary(uniqueKeysWithValues: text.split(separator: ",").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1)
                return (String(parts[0]), String(parts[1]))
            })
            let bibimbap = try json("bibimbap.json")
            let enabled = bibimbap["variables"]?.arrayValue?.first { $0["name"] == .string("enabled") }
            return Seen(combination: combination, tipJar: try json("tipJar.json")["enabled"]?.boolValue,
                        setting: try json("start.json")["value"]?["setting"]?.stringValue,
                        spiceLevel: bibimbap["value"]?["spice-level"]?.intValue,
                        experiment: (enabled?["experiment"]?["branch"]?.stringValue).map { ($0, enabled?["forced"]?.boolValue ?? false) })
        }
    }

    /// The locale dimension reaches the command as the locale a `flags` inside evaluates
    /// targeting with, and a seed row is the first row run.
    @Test func eachRowsLocaleIsWhatTargetingReadsAndTheSeedRowRunsFirst() throws {
        let seeds = folder.file("seeds.tsv")
        try "locale\ttipJar\nde-DE\toff\n".write(toFile: seeds, atomically: true, encoding: .utf8)
        let seen = folder.file("seen.txt")
        let script = "printf '%s %s\\n' \"$FLAGS_COMBINATION\" \"$('\(BuiltProgram.flags)' eval-jexl locale)\" >> '\(seen)'"
        let result = try BuiltProgram.run(BuiltProgram.flags, ["matrix", "--json", "--seed", seeds, "locale=en-US,de-DE,fr", "tipJar", "--", "sh", "-c", script],
                                          environment: environment.merging(["LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"]) { $1 }, in: folder.path)
        #expect(result.status == 0, "\(result.errors)")
        let lines = try String(contentsOfFile: seen, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.first == "locale=de-DE,tipJar=off \"de-DE\"")
        #expect(lines.count == 6, "\(lines)")
        for line in lines {
            let locale = line.split(separator: ",")[0].dropFirst("locale=".count)
            #expect(line.hasSuffix(" \"\(locale)\""), "\(line)")
        }
        #expect(Set(lines.map { $0.split(separator: " ")[0] }).count == 6, "every pair of a locale and tipJar's value")
        let refused = try flags("matrix", "locale", "--", "true")
        #expect(refused.status != 0 && refused.errors.contains("give the locales"))
    }

    @Test func eachCombinationIsWhatTheAppReadsAndEveryPairIsCovered() throws {
        _ = try flags("set", "tipJar", "on")
        _ = try flags("feature", "set", "bibimbap-feature", "extra-gochujang", "true")
        _ = try flags("enroll", "new-menu-test", "--branch", "control")
        let before = try state()
        let runs = folder.file("runs")
        try FileManager.default.createDirectory(atPath: runs, withIntermediateDirectories: true)
        let script = """
            d=$(mktemp -d "\(runs)/run.XXXXXX") && echo "$FLAGS_COMBINATION" > "$d/combination" \
            && "\(BuiltProgram.flags)" get tipJar --json > "$d/tipJar.json" \
            && "\(BuiltProgram.flags)" feature start-at-home-feature --json > "$d/start.json" \
            && "\(BuiltProgram.flags)" feature bibimbap-feature --json > "$d/bibimbap.json"
            """
        let result = try BuiltProgram.run(BuiltProgram.flags, ["matrix", "--json"] + Self.dimensions + ["--constraint", Self.constraint, "--", "sh", "-c", script],
                                          environment: environment, in: folder.path)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("left"), "progress with an estimate of the time left")
        let report = try JSONParser.parse(result.output)
        let combinations = report["combinations"]?.arrayValue ?? []
        let views = try seen(in: runs)
        #expect(views.count == combinations.count && !views.isEmpty)
        // The result file keeps a flag's values as booleans, the others' as their names.
        #expect(combinations.allSatisfy { $0["values"]?["tipJar"]?.boolValue != nil && $0["values"]?["new-menu-test"]?.stringValue != nil })

        let values: [[String]] = [["on", "off"], ["afterFourHours", "always", "disabled"], ["1", "3", "5"], ["control", "treatment", "not-forced"]]
        for view in views {
            let given = view.combination
            #expect(Set(given.keys) == Set(Self.names))
            #expect(view.tipJar == (given["tipJar"] == "on"), "\(given)")
            #expect(view.setting == given["start-at-home-feature.setting"], "\(given)")
            #expect(view.spiceLevel.map(String.init) == given["bibimbap-feature.spice-level"], "\(given)")
            if let branch = given["new-menu-test"], branch != "not-forced" {
                #expect(view.experiment?.branch == branch && view.experiment?.forced == true, "\(given)")
            } else {
                // Not forced: the record's own targeting (everyone) and bucketing decide.
                #expect(view.experiment?.forced == false && ["control", "treatment"].contains(view.experiment?.branch ?? ""), "\(given)")
            }
            #expect(!(given["tipJar"] == "off" && given["bibimbap-feature.spice-level"] == "5"), "the constraint holds: \(given)")
        }
        for a in 0..<4 { for b in (a + 1)..<4 {
            let pairs = Set(views.map { [$0.combination[Self.names[a]]!, $0.combination[Self.names[b]]!] })
            for x in values[a] { for y in values[b] {
                let forbidden = Self.names[a] == "tipJar" && Self.names[b] == "bibimbap-feature.spice-level" && x == "off" && y == "5"
                #expect(pairs.contains([x, y]) == !forbidden, "\(Self.names[a])=\(x) × \(Self.names[b])=\(y)")
            } }
        } }
        #expect(try state() == before)
    }

    @Test func aKilledMatrixPutsBackForcedBranchesAndFeatureOverrides() throws {
        _ = try flags("feature", "set", "bibimbap-feature", "spice-level", "2")
        _ = try flags("enroll", "new-menu-test", "--branch", "treatment")
        let before = try state()
        let marker = folder.file("started")
        let (process, _, _) = try BuiltProgram.start(BuiltProgram.flags,
            ["matrix", "bibimbap-feature.spice-level=4,5", "new-menu-test=control,not-forced", "start-at-home-feature.setting",
             "--", "sh", "-c", "touch \(marker); sleep 5"], environment: environment, in: folder.path)
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: marker) && Date() < deadline { usleep(20_000) }
        #expect(try state() != before, "the first combination is in the store")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let next = try flags("list", "--overridden")
        #expect(next.errors.contains("restored the overrides that an interrupted `flags matrix`"), "\(next.errors)")
        #expect(try state() == before)
    }

    @Test func aPreferenceIsSetAsTheUsersChoiceAndPutBack() throws {
        let before = try state()
        let log = folder.file("seen.log")
        let script = "echo \"$FLAGS_COMBINATION $(\"\(BuiltProgram.flags)\" pref get searchBarPosition | head -1)\" >> \(log)"
        let result = try flags("matrix", "searchBarPosition", "tipJar", "--", "sh", "-c", script)
        #expect(result.status == 0, "\(result.errors)")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 4)
        for line in lines {
            let value = line.split(separator: ",")[0].split(separator: "=")[1]
            #expect(line.contains("searchBarPosition: \(value)  (the user's choice)"), "\(line)")
        }
        #expect(try state() == before, "the choice the user had not made is unmade")
    }

    @Test func aModelFileNamesTheDimensionsAndItsRulesHold() throws {
        let model = folder.file("menu.txt")
        try """
            # the treatment and the hottest bowl only with the tip jar on
            tipJar: on, off
            new-menu-test: control, treatment, not-forced
            bibimbap-feature.spice-level: 0, 2, 5
            IF [tipJar] = "off" THEN [new-menu-test] <> "treatment" AND [bibimbap-feature.spice-level] < 5;
            """.write(toFile: model, atomically: true, encoding: .utf8)
        let log = folder.file("seen.log")
        let result = try flags("matrix", "--model", model, "--", "sh", "-c", "echo \"$FLAGS_COMBINATION\" >> \(log)")
        #expect(result.status == 0, "\(result.errors)")
        let rows = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(!rows.isEmpty)
        for row in rows where row.hasPrefix("tipJar=off") {
            #expect(!row.contains("new-menu-test=treatment") && !row.contains("spice-level=5"), "\(row)")
        }
        #expect(rows.contains { $0.contains("tipJar=on") && $0.contains("new-menu-test=treatment") })
        let unknown = folder.file("unknown.txt")
        try "tipJr: on, off\n".write(toFile: unknown, atomically: true, encoding: .utf8)
        let refused = try flags("matrix", "--model", unknown, "--", "true")
        #expect(refused.status == 1 && refused.errors.contains("\(unknown): ") && refused.errors.contains("did you mean `tipJar`?"), "\(refused.errors)")
    }

    @Test func unknownDimensionsAndConstraintsSayWhatWasMeant() throws {
        let typo = try flags("matrix", "bibimbap-feature.spice-levl=1,2", "--", "true")
        #expect(typo.status == 1 && typo.errors.contains("did you mean `bibimbap-feature.spice-level`?"), "\(typo.errors)")
        let badValue = try flags("matrix", "start-at-home-feature.setting=alway", "--", "true")
        #expect(badValue.status == 1 && badValue.errors.contains("did you mean `always`?"), "\(badValue.errors)")
        let untyped = try flags("matrix", "tipJar", "bibimbap-feature.spice-level", "--", "true")
        #expect(untyped.status == 1 && untyped.errors.contains("give its values"), "\(untyped.errors)")
        let rule = try flags("matrix", "tipJar", "new-menu-test", "--constraint", #"IF [tipJr] = "on" THEN [new-menu-test] = "control";"#, "--", "true")
        #expect(rule.status == 1 && rule.errors.contains("--constraint 1") && rule.errors.contains("tipJar"), "\(rule.errors)")
    }
}
