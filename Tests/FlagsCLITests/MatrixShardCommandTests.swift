import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing
import TestHelpers
import TestTraits

/// `flags matrix --shard K/N` as three CI jobs would run it (three separate stores), and
/// `--merge` of their results against one unsharded run.
@Suite(.blocking) struct MatrixShardCommandTests {
    let folder = TemporaryDirectory()
    static let flags = ["allergenInfo", "darkKitchen", "delivery", "loyaltyCard", "promoBanner", "reviews", "tipJar"]
    /// The combination that fails, so the merged report has a failure to name.
    static let failing = "allergenInfo=on,darkKitchen=off,delivery=off,loyaltyCard=on,promoBanner=on,reviews=off,tipJar=on"

    private func flags(_ arguments: [String], job: String, log: String = "/dev/null") throws -> BuiltProgram.Result {
        let environment = ["FLAGS_STORE": folder.file("\(job)/prefs.sqlite"), "XDG_STATE_HOME": folder.file("\(job)/state"), "MATRIX_LOG": log]
        return try BuiltProgram.run(BuiltProgram.flags, arguments, environment: environment, in: folder.path)
    }

    private func matrix(_ options: [String], job: String, log: String) throws -> BuiltProgram.Result {
        // The same command on every job, as in a CI matrix: only the environment differs.
        let script = "echo \"$FLAGS_COMBINATION\" >> \"$MATRIX_LOG\"; test \"$FLAGS_COMBINATION\" != \"\(Self.failing)\""
        return try flags(["matrix", "--json"] + options + Self.flags + ["--", "sh", "-c", script], job: "job-\(job)", log: log)
    }

    /// The report without its timings, which differ from run to run.
    private func untimed(_ text: String) throws -> JSONValue {
        guard case .object(var report) = try JSONParser.parse(text) else { return .null }
        report["combinations"] = .array((report["combinations"]?.arrayValue ?? []).map { combination in
            guard case .object(var fields) = combination else { return combination }
            fields["seconds"] = nil
            return .object(fields)
        })
        return .object(report)
    }

    @Test func threeShardsRunEachRowOnceAndTheirMergeIsTheUnshardedReport() throws {
        let whole = try matrix([], job: "whole", log: folder.file("whole.log"))
        #expect(whole.status == 1, "one combination fails")
        let wholeRuns = try String(contentsOfFile: folder.file("whole.log"), encoding: .utf8).split(separator: "\n")
        #expect(wholeRuns.count == 6 && wholeRuns.contains(Substring(Self.failing)), "pairwise over 7 flags is 6 rows, one of them the failing one")

        var results: [String] = []
        var shardRuns: [Substring] = []
        for index in 1...3 {
            let log = folder.file("shard-\(index).log")
            let part = try matrix(["--shard", "\(index)/3"], job: "\(index)", log: log)
            let file = folder.write(part.output, to: "result-\(index).json")
            results.append(file)
            let runs = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            shardRuns += runs
            let report = try JSONParser.parse(part.output)
            #expect(report["shard"] == .object(["index": .int(index), "count": .int(3)]))
            #expect(report["combinations"]?.arrayValue?.count == runs.count)
            #expect(part.status == (runs.contains(Substring(Self.failing)) ? 1 : 0), "\(part.errors)")
        }
        #expect(shardRuns.count == wholeRuns.count, "each row ran exactly once")
        #expect(shardRuns.sorted() == wholeRuns.sorted())

        let merged = try flags(["matrix", "--merge", "--json", results[2], results[0], results[1]], job: "merge")
        #expect(try untimed(merged.output) == untimed(whole.output))
        #expect(merged.status == 1)
        #expect(merged.errors.contains("1 of 6 combinations failed: \(Self.failing) (fail (exit 1))"), "\(merged.errors)")

        let table = try flags(["matrix", "--merge"] + results, job: "merge")
        #expect(table.output.contains("5 of 6 combinations passed (pairwise)"))

        let missing = try flags(["matrix", "--merge", results[0], results[2]], job: "merge")
        #expect(missing.status == 1 && missing.errors.contains("part 2/3 is missing"))
        let doubled = try flags(["matrix", "--merge", results[0], results[1], results[1], results[2]], job: "merge")
        #expect(doubled.status == 1 && doubled.errors.contains("part 2/3 is given twice: \(results[1]) and \(results[1])"))
    }

    @Test func shardOptionsAreChecked() throws {
        let bad = try flags(["matrix", "--shard", "4/3", "tipJar", "--", "true"], job: "x")
        #expect(bad.status == 2 && bad.errors.contains("--shard expects K/N"))
        let mergeWithCommand = try flags(["matrix", "--merge", "a.json", "--", "true"], job: "x")
        #expect(mergeWithCommand.status == 2 && mergeWithCommand.errors.contains("--merge takes only the RESULT files"))
    }
}
