import FeatureFlagsTestSupport
import FlagsTool
import Foundation
import Formats
import Testing
import TestHelpers
import TestTraits

/// `flags bisect` as a real process on a real store: a two-flag interaction among ten
/// differences, a flaky command, and the store put back, also after `kill -9`.
@Suite(.blocking) struct BisectCommandTests {
    let folder = TemporaryDirectory()
    var environment: [String: String] { ["FLAGS_STORE": folder.file("prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")] }
    static let nineFlags = ["allergenInfo", "darkKitchen", "delivery", "loyaltyCard", "newBibimbapMenu", "orderTracking",
                            "promoBanner", "reviews", "tipJar"]

    private func flags(_ arguments: [String]) throws -> BuiltProgram.Result {
        try BuiltProgram.run(BuiltProgram.flags, arguments, environment: environment, in: folder.path)
    }

    /// Everything `flags export` shows, and the preferences, which it does not time.
    private func state() throws -> String { try flags(["export"]).output }

    /// A store with an override, a preference and a feature override of its own, to be found as it was.
    private func prepareStore() throws {
        #expect(try flags(["set", "tipJar", "off"]).status == 0)
        #expect(try flags(["pref", "set", "startAtHome", "disabled"]).status == 0)
        #expect(try flags(["feature", "set", "reviews-feature", "minimum-stars", "4"]).status == 0)
    }

    /// The bad state: nine flags on and the enum variable `season` at summer.
    private func badState() -> String {
        let overrides = Self.nineFlags.map { "\"\($0)\": true" }.joined(separator: ", ")
        return folder.write(#"{"overrides": {\#(overrides)}, "featureValues": {"seasonal-menu-feature": {"season": "summer"}}}"#, to: "bad.json")
    }

    /// A command that reads the state through `flags export`, as an app's test would read its flags.
    private func check(_ condition: String) -> [String] {
        let script = folder.write("""
            import json, sys
            state = json.load(sys.stdin)
            o = state.get("overrides", {})
            f = state.get("featureValues", {})
            sys.exit(1 if (\(condition)) else 0)
            """, to: "check.py")
        return ["sh", "-c", "\"\(BuiltProgram.flags)\" export | python3 \(script)"]
    }

    @Test func aTwoFlagInteractionAmongTenIsFoundAndTheStoreIsPutBack() throws {
        try prepareStore()
        let before = try state()
        let command = check(#"o.get("reviews") and o.get("promoBanner")"#)
        let result = try flags(["bisect", "--good", "defaults", "--bad", badState(), "--"] + command)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("fails when promoBanner=on and reviews=on together; each alone passes"), "\(result.output)")
        #expect(result.errors.contains("bisecting 10 differences"))
        let runs = try #require(result.output.split(separator: "\n").first { $0.contains(" runs (at most ") })
        let count = try #require(Int(runs.split(separator: " ")[0]))
        #expect(count <= DeltaDebugging.worstCaseTests(count: 10) + 5 && count < 30, "\(runs)")
        #expect(try state() == before)
        #expect(try flags(["pref", "get", "startAtHome"]).output.contains("disabled"))
    }

    @Test func theEnumVariableWithAFlagIsFound() throws {
        let command = check(#"o.get("tipJar") and f.get("seasonal-menu-feature", {}).get("season") == "summer""#)
        let result = try flags(["bisect", "--good", "defaults", "--bad", badState(), "--"] + command)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("fails when tipJar=on and season=summer together; each alone passes"), "\(result.output)")
    }

    @Test func aFlakyCommandIsReportedFlaky() throws {
        try prepareStore()
        let before = try state()
        let counter = folder.file("count")
        let command = ["sh", "-c", "n=$(cat \(counter) 2>/dev/null || echo 0); n=$((n+1)); echo $n > \(counter); test $((n % 2)) -eq 1"]
        let result = try flags(["bisect", "--good", "defaults", "--bad", badState(), "--"] + command)
        #expect(result.status == 1)
        #expect(result.output.contains("the command is flaky:") && !result.output.contains("fails when"), "\(result.output)")
        #expect(try state() == before)
    }

    @Test func aKilledBisectionIsPutBackByTheNextCommand() throws {
        try prepareStore()
        let before = try state()
        let marker = folder.file("started")
        let (process, _, _) = try BuiltProgram.start(BuiltProgram.flags,
            ["bisect", "--good", "current", "--bad", badState(), "--", "sh", "-c", "test -e \(marker) && sleep 20; touch \(marker)"],
            environment: environment, in: folder.path)
        // The good state's run makes the marker; the bad state's run is the one killed.
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: marker) && Date() < deadline { usleep(20_000) }
        usleep(300_000)
        let meanwhile = try flags(["matrix", "reviews", "--", "true"])
        #expect(meanwhile.status == 1 && meanwhile.errors.contains("another `flags bisect` (process \(process.processIdentifier)) is running"),
                "\(meanwhile.errors)")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let next = try flags(["list", "--overridden"])
        #expect(next.errors.contains("restored the overrides that an interrupted `flags bisect` (process \(process.processIdentifier))"), "\(next.errors)")
        #expect(try state() == before)
        #expect(try flags(["pref", "get", "startAtHome"]).output.contains("disabled"))
    }

    @Test func ctrlCStopsTheRunAndPutsTheStoreBack() throws {
        try prepareStore()
        let before = try state()
        let marker = folder.file("started")
        let (process, _, err) = try BuiltProgram.start(BuiltProgram.flags,
            ["bisect", "--good", "current", "--bad", badState(), "--", "sh", "-c", "test -e \(marker) && sleep 20; touch \(marker)"],
            environment: environment, in: folder.path)
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: marker) && Date() < deadline { usleep(20_000) }
        usleep(300_000)
        let started = Date()
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        // The run in progress sleeps 20 s: ending well before that proves it was stopped, with
        // room for a loaded machine's restore of the store.
        #expect(process.terminationStatus == 1 && Date().timeIntervalSince(started) < 16)
        #expect(errors.contains("interrupted by signal 2") && errors.contains("the store was restored"), "\(errors)")
        #expect(try state() == before)
    }

    @Test func statesThatNameNothingSayWhatAStateIs() throws {
        _ = try flags(["preset", "save", "checkout"])
        let typo = try flags(["bisect", "--good", "defaults", "--bad", "chekout", "--", "true"])
        #expect(typo.status == 1 && typo.errors.contains("--bad chekout: no preset and no file of that name (did you mean 'checkout'?)"), "\(typo.errors)")
        let file = try flags(["bisect", "--good", "missing.json", "--bad", "defaults", "--", "true"])
        #expect(file.status == 1 && file.errors.contains("--good missing.json: cannot read"), "\(file.errors)")
        let same = try flags(["bisect", "--good", "defaults", "--bad", "checkout", "--", "true"])
        #expect(same.status == 1 && same.errors.contains("the same state"), "\(same.errors)")
        let usage = try flags(["bisect", "--good", "defaults", "--", "true"])
        #expect(usage.status == 2 && usage.errors.contains("give both --good STATE"))
        let combination = try flags(["bisect", "--good", "defaults", "--bad", "tipJar=maybe", "--", "true"])
        #expect(combination.status == 1 && combination.errors.contains("a flag is on or off"), "\(combination.errors)")
        let offered = try flags(["__complete", "bisect", "--good", ""]).output
        #expect(offered.contains("current") && offered.contains("defaults") && offered.contains("checkout\tpreset"), "\(offered)")
        #expect(try flags(["__complete", "bisect", "--bad", "./"]).output.contains(":files"))
        let help = try flags(["bisect", "--help"])
        #expect(help.status == 0 && help.output.contains("--good STATE") && help.output.contains("ddmin"))
    }
}
