#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags
import Foundation
import Nimbus

/// The Nimbus debug overrides on the hot paths: `isEnabled` of flags whose values come from
/// forced branches and feature values set by hand, and an evaluation of the records with
/// branches forced or feature values set, each beside the same work without them.
///
/// `isEnabled` must cost what it costs without overrides (its answers are memoised either way).
/// An evaluation does more with a tenth of its records forced: each forced record is built
/// again and evaluated as new, and the client's stored enrollments are passed over to take the
/// forced ones out and put them back; the target allows half as much again, which a start pays
/// once (about 0.5 ms at 1,000 records).
enum OverrideBenchmarks {
    static func run(app: GeneratedApp, storePath: String, quick: Bool) throws -> [BenchmarkFigure] {
        let plainEnvironment = try FlagsEnvironment.open(FlagsOptions(configPath: app.registryPath, storePath: storePath + ".plain"))
        let records = plainEnvironment.experiments.records
        // A tenth of the records forced into their last branch, a tenth of the features set by hand.
        let store = NimbusOverrideStore(prefs: try FlagsEnvironment.open(FlagsOptions(configPath: app.registryPath, storePath: storePath)).prefs)
        for record in records.enumerated().filter({ $0.offset % 10 == 0 }).map(\.element) {
            try store.forceBranch(record.branches.last!.slug, of: record.slug)
        }
        for index in stride(from: 5, to: app.flagCount, by: 10) {
            try store.setFeatureValue(.bool(index % 20 == 5), variable: "enabled", of: GeneratedApp.feature(index))
        }
        let environment = try FlagsEnvironment.open(FlagsOptions(configPath: app.registryPath, storePath: storePath))
        let overrides = environment.experiments.overrides
        guard !overrides.forcedBranches.isEmpty, !overrides.featureValues.isEmpty else {
            throw BenchmarkError("the overrides were not honored: is this a beta build?")
        }

        // The same checks on the same app with nothing forced: what the overrides add, if anything.
        // An array, as an app holds its flags: the registry's list makes each flag when read.
        let flags = Array(environment.registry.flags)
        let provider = environment.provider, plainProvider = plainEnvironment.provider
        let rounds = quick ? 5 : 15
        let passes = quick ? 50 : 200
        let operations = passes * flags.count
        func checks(_ provider: FeatureFlagsProvider) -> Double {
            Stopwatch.nanosecondsPerOperation(rounds: rounds, operations: operations) {
                var on = 0
                for _ in 0..<passes { for flag in flags where provider.isEnabled(flag) { on += 1 } }
                blackHole(on)
            }
        }
        // Taking turns, each keeping its best, so a slow spell of the machine falls on both.
        var ours = Double.infinity, plain = Double.infinity
        for _ in 0..<3 {
            ours = min(ours, checks(provider))
            plain = min(plain, checks(plainProvider))
        }

        let set = ExperimentRecordSet(records: records, skipped: [])
        let client = environment.experiments.client
        let registry = environment.registry
        let evaluationRounds = quick ? 5 : 15
        // Forced branches and feature values apart, each beside the same evaluation with none.
        let forcedOnly = NimbusDebugOverrides(forcedBranches: overrides.forcedBranches)
        let valuesOnly = NimbusDebugOverrides(featureValues: overrides.featureValues)
        var forced = Double.infinity, values = Double.infinity, natural = Double.infinity
        for _ in 0..<3 {
            forced = min(forced, Stopwatch.seconds(rounds: evaluationRounds) {
                blackHole(NimbusExperiments.evaluate(records: set, source: nil, client: client, registry: registry, overrides: forcedOnly))
            })
            values = min(values, Stopwatch.seconds(rounds: evaluationRounds) {
                blackHole(NimbusExperiments.evaluate(records: set, source: nil, client: client, registry: registry, overrides: valuesOnly))
            })
            natural = min(natural, Stopwatch.seconds(rounds: evaluationRounds) {
                blackHole(NimbusExperiments.evaluate(records: set, source: nil, client: client, registry: registry))
            })
        }
        return [
            BenchmarkFigure(name: "isEnabled, \(overrides.forcedBranches.count) forced, \(overrides.featureValues.count) features set", unit: "ns/call",
                            ours: ours, baselineName: "the same app, none", baseline: plain, target: .atMost(1.25)),
            BenchmarkFigure(name: "evaluate \(records.count) records, \(overrides.forcedBranches.count) forced", unit: "ms",
                            ours: forced * 1000, baselineName: "the same, none forced", baseline: natural * 1000, target: .atMost(1.5)),
            BenchmarkFigure(name: "evaluate \(records.count) records, \(overrides.featureValues.count) features set", unit: "ms",
                            ours: values * 1000, baselineName: "the same, none set", baseline: natural * 1000, target: .atMost(1.5)),
        ]
    }
}
#endif
