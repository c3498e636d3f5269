#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags
import Foundation
import FML
import Formats
import Nimbus

/// Manifest loading against PyYAML, and experiment evaluation against a Python reference.
enum NimbusBenchmarks {
    /// Loading (parsing and validating) a manifest with its includes, against PyYAML's C loader
    /// parsing the same files.
    static func manifest(named name: String, path: String, quick: Bool) throws -> BenchmarkFigure {
        let rounds = quick ? 3 : 7
        let manifest = try FeatureManifest.load(path: path)
        let ours = try Stopwatch.seconds(rounds: rounds) { blackHole(try FeatureManifest.load(path: path)) }
        let pyyaml = try PythonReference.pyyamlSeconds(files: manifest.files, rounds: rounds)
        return BenchmarkFigure(name: "load \(name) (\(manifest.files.count) files)", unit: "ms", ours: ours * 1000,
                               baselineName: "PyYAML CLoader, parse only", baseline: pyyaml * 1000, target: .atMost(1.5))
    }

    /// Evaluating every record for one client (records already parsed on both sides), each side
    /// in a fresh process that times itself.
    static func experiments(app: GeneratedApp, quick: Bool) throws -> BenchmarkFigure {
        let rounds = quick ? 5 : 15
        let client = ["3d2142de-53bf-2d48-a92d-45fb7036cbf6", "bench\(app.flagCount)", "developer"]
        let records = try ExperimentRecordSet.parse(try JSONParser.parse(
            bytes: try Data(contentsOf: URL(fileURLWithPath: app.experimentsPath)), file: app.experimentsPath)).records
        // The two take turns, each keeping its best, so a slow spell of a shared machine falls on
        // both. Such spells (a busy neighbour on the same core) slowed this hashing-heavy loop by up
        // to 2x and the interpreter by about 10%; five turns give each side a quiet one.
        var ours = Double.infinity, python = Double.infinity
        for _ in 0..<(quick ? 2 : 5) {
            ours = min(ours, try TimedChild.seconds(["/proc/self/exe", BenchmarkRunner.timeEnrollment.name, app.experimentsPath, String(rounds)] + client,
                                                    what: "flags-bench \(BenchmarkRunner.timeEnrollment.name)"))
            python = min(python, try PythonReference.enrollmentSeconds(recordsPath: app.experimentsPath, nimbusID: client[0],
                                                                       appName: client[1], channel: client[2], rounds: rounds))
        }
        return BenchmarkFigure(name: "evaluate \(records.count) experiment records", unit: "ms", ours: ours * 1000,
                               baselineName: "Python reference", baseline: python * 1000, target: .fasterBy(20))
    }

    /// `--time-enrollment RECORDS ROUNDS NIMBUS_ID APP_NAME CHANNEL`: parses the records, then
    /// prints the best time of `ROUNDS` evaluations in seconds (what `experiments` runs).
    static func timeEnrollment(_ arguments: [String]) throws -> Double {
        guard arguments.count == 5, let rounds = Int(arguments[1]), rounds > 0 else {
            throw BenchmarkError("usage: flags-bench --time-enrollment RECORDS ROUNDS NIMBUS_ID APP_NAME CHANNEL")
        }
        let path = arguments[0]
        let records = try ExperimentRecordSet.parse(try JSONParser.parse(bytes: try Data(contentsOf: URL(fileURLWithPath: path)), file: path)).records
        let client = NimbusClient(nimbusID: arguments[2], appName: arguments[3], appId: "bench", channel: arguments[4])
        return Stopwatch.seconds(rounds: rounds) { blackHole(EnrollmentEvaluator.evaluate(records: records, client: client)) }
    }
}
#endif
