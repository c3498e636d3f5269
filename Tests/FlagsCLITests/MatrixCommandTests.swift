import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing
import TestHelpers
import TestTraits

/// `flags matrix`, `export` and `import` as real processes sharing a store, including being
/// interrupted and killed half-way.
@Suite(.blocking) struct MatrixCommandTests {
    let folder = TemporaryDirectory()
    var environment: [String: String] { ["FLAGS_STORE": folder.file("prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")] }
    static let tenFlags = ["allergenInfo", "darkKitchen", "delivery", "loyaltyCard", "newBibimbapMenu", "orderTracking",
                           "promoBanner", "reviews", "seasonalMenu", "tipJar"]

    private func flags(_ arguments: String...) throws -> BuiltProgram.Result {
        try BuiltProgram.run(BuiltProgram.flags, arguments, environment: environment, in: folder.path)
    }

    private func overrides() throws -> JSONValue {
        try JSONParser.parse(try flags("export").output)["overrides"] ?? .null
    }

    @Test func pairwiseOverTenFlagsRunsSixCombinationsAndRestoresOverrides() throws {
        _ = try flags("set", "tipJar", "off")
        _ = try flags("set", "darkKitchen", "on")
        let before = try overrides()
        let log = folder.file("runs.log")
        let result = try BuiltProgram.run(BuiltProgram.flags, ["matrix", "--json"] + Self.tenFlags + ["--", "sh", "-c", "echo \"$FLAGS_COMBINATION\" >> \(log)"],
                                          environment: environment, in: folder.path)
        #expect(result.status == 0, "\(result.errors)")
        let report = try JSONParser.parse(result.output)
        #expect(report["combinations"]?.arrayValue?.count == 6 && report["passed"] == .int(6))
        let runs = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(runs.count == 6)
        // Every pair of values of every two flags appeared in what the command saw.
        let seen = runs.map { line in Dictionary(uniqueKeysWithValues: line.split(separator: ",").map { pair in
            let parts = pair.split(separator: "=")
            return (String(parts[0]), parts[1] == "on")
        }) }
        for a in Self.tenFlags { for b in Self.tenFlags where a < b {
            #expect(Set(seen.map { [$0[a]!, $0[b]!] }).count == 4, "\(a) × \(b)")
        } }
        #expect(try overrides() == before)
    }

    @Test func failingCombinationMakesTheMatrixFailAndStillRestores() throws {
        let result = try flags("matrix", "reviews", "tipJar", "--", "sh", "-c", "test \"$FLAGS_COMBINATION\" != reviews=on,tipJar=on")
        #expect(result.status == 1)
        #expect(result.output.contains("fail (exit 1)") && result.errors.contains("1 of 4 combinations failed"))
        #expect(try overrides() == .object([:]))
    }

    @Test func interruptHalfWayRestoresTheOverrides() throws {
        _ = try flags("set", "reviews", "off")
        let before = try overrides()
        let marker = folder.file("started")
        let (process, _, err) = try BuiltProgram.start(BuiltProgram.flags, 
            ["matrix"] + Array(Self.tenFlags.prefix(4)) + ["--", "sh", "-c", "touch \(marker); sleep 0.3"], environment: environment, in: folder.path)
        try waitFor(marker)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus != 0)
        #expect(errors.contains("interrupted") && errors.contains("restored"))
        #expect(try overrides() == before)
    }

    @Test func killedMatrixIsRecoveredByTheNextCommand() throws {
        _ = try flags("set", "reviews", "off")
        let before = try overrides()
        let marker = folder.file("started")
        let (process, _, _) = try BuiltProgram.start(BuiltProgram.flags, 
            ["matrix", "reviews", "tipJar", "promoBanner", "--", "sh", "-c", "touch \(marker); sleep 5"], environment: environment, in: folder.path)
        try waitFor(marker)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let next = try flags("list", "--overridden")
        #expect(next.errors.contains("restored the overrides that an interrupted `flags matrix`"))
        #expect(try overrides() == before)
        #expect(try flags("matrix", "--recover").output.contains("nothing to recover"))
        // The recovery is the matrix's, not a change `flags list` made.
        let log = try JSONParser.parse(try flags("log", "--json").output).arrayValue ?? []
        let recovery = log.filter { $0["by"]?.stringValue != "flags set" }
        #expect(!recovery.isEmpty && recovery.allSatisfy { $0["by"] == .string("flags matrix (recovery of process \(process.processIdentifier))") },
                "\(log)")
    }

    @Test func exportResetImportRestoresExactlyTheSameState() throws {
        #expect(try flags("set", "tipJar", "off").status == 0)
        #expect(try flags("set", "newBibimbapMenu", "on").status == 0)
        let listBefore = try flags("list", "--json").output
        let exported = folder.file("a.json")
        #expect(try flags("export", "--output", exported).status == 0)
        #expect(try flags("reset", "--all").status == 0)
        #expect(try flags("list", "--json").output != listBefore, "the reset must have changed something to restore")
        #expect(try flags("import", exported).status == 0)
        #expect(try flags("list", "--json").output == listBefore)
    }

    @Test func importWithOneBadIdChangesNothingAndSuggests() throws {
        _ = try flags("set", "tipJar", "off")
        let before = try flags("list", "--json").output
        let path = folder.write(#"{"overrides": {"reviews": true, "promoBaner": false}}"#, to: "bad.json")
        let result = try flags("import", path)
        #expect(result.status == 1)
        #expect(result.errors.contains("promoBaner") && result.errors.contains("did you mean `promoBanner`"))
        #expect(try flags("list", "--json").output == before)
    }

    private func waitFor(_ path: String, timeout: Double = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !FileManager.default.fileExists(atPath: path) {
            guard Date() < deadline else { throw CocoaError(.fileNoSuchFile) }
            usleep(20_000)
        }
    }
}
