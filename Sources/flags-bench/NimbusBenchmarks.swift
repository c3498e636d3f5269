#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer
import FeatureFlags
import Foundation
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

    /// Evaluating every record for one client (records already parsed on both sides).
    static func experiments(app: GeneratedApp, quick: Bool) throws -> BenchmarkFigure {
        let rounds = quick ? 5 : 15
        let json = try JSONParser.parse(bytes: try Data(contentsOf: URL(fileURLWithPath: app.experimentsPath)), file: app.experimentsPath)
        let records = try ExperimentRecordSet.parse(json).records
        let nimbusID = "3d2142de-53bf-2d48-a92d-45fb7036cbf6"
        let client = NimbusClient(nimbusID: nimbusID, appName: "bench\(app.flagCount)", appId: "bench", channel: "developer")
        let ours = Stopwatch.seconds(rounds: rounds) { blackHole(EnrollmentEvaluator.evaluate(records: records, client: client)) }
        let python = try PythonReference.enrollmentSeconds(recordsPath: app.experimentsPath, nimbusID: nimbusID,
                                                           appName: "bench\(app.flagCount)", channel: "developer", rounds: rounds)
        return BenchmarkFigure(name: "evaluate \(records.count) experiment records", unit: "ms", ours: ours * 1000,
                               baselineName: "Python reference", baseline: python * 1000, target: .fasterBy(20))
    }
}
#endif
