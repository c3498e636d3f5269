#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags
import Foundation

/// The app-side figures: a flag check on the SQLite-backed store, and a durable override write,
/// each beside what an app would use instead.
enum HotPathBenchmarks {
    static func run(app: GeneratedApp, storePath: String, quick: Bool) throws -> [BenchmarkFigure] {
        let environment = try FlagsEnvironment.open(FlagsOptions(configPath: app.registryPath, storePath: storePath))
        let flags = environment.registry.flags
        // Every fourth flag overridden, so checks take both paths: override and Nimbus value.
        try environment.prefs.apply(flags.enumerated().filter { $0.offset % 4 == 0 }.map { .set($0.element.debugKey!, .bool($0.offset % 8 == 0)) })
        let provider = environment.provider
        let keys = flags.map { $0.debugKey! }
        let plain = Dictionary(uniqueKeysWithValues: flags.map { ($0.debugKey!, provider.isEnabled($0)) })
        let defaults = UserDefaults(suiteName: "flags-bench-\(getpid())")!
        defer { defaults.removePersistentDomain(forName: "flags-bench-\(getpid())") }
        for (key, value) in plain { defaults.set(value, forKey: key) }

        let rounds = quick ? 5 : 15
        let passes = quick ? 200 : 1_000
        let operations = passes * flags.count
        let ours = Stopwatch.nanosecondsPerOperation(rounds: rounds, operations: operations) {
            var on = 0
            for _ in 0..<passes { for flag in flags where provider.isEnabled(flag) { on += 1 } }
            blackHole(on)
        }
        let dictionary = Stopwatch.nanosecondsPerOperation(rounds: rounds, operations: operations) {
            var on = 0
            for _ in 0..<passes { for key in keys where plain[key] ?? false { on += 1 } }
            blackHole(on)
        }
        let userDefaultsPasses = max(1, passes / 50)
        let userDefaults = Stopwatch.nanosecondsPerOperation(rounds: rounds, operations: userDefaultsPasses * flags.count) {
            var on = 0
            for _ in 0..<userDefaultsPasses { for key in keys where defaults.bool(forKey: key) { on += 1 } }
            blackHole(on)
        }

        let writes = quick ? 50 : 200
        let flag = flags[1]
        var toggle = false
        let durableOverride = try Stopwatch.seconds(rounds: 3) {
            for _ in 0..<writes {
                toggle.toggle()
                try provider.setDebugOverride(flag, to: toggle)
            }
        } / Double(writes) * 1e6
        let synchronize = Stopwatch.seconds(rounds: 3) {
            for _ in 0..<writes {
                toggle.toggle()
                defaults.set(toggle, forKey: keys[1])
                defaults.synchronize()
            }
        } / Double(writes) * 1e6

        return [
            BenchmarkFigure(name: "isEnabled on the SQLite store", unit: "ns/call", ours: ours,
                            baselineName: "[String: Bool] lookup", baseline: dictionary, target: .atMost(2)),
            BenchmarkFigure(name: "isEnabled on the SQLite store", unit: "ns/call", ours: ours,
                            baselineName: "UserDefaults.bool(forKey:)", baseline: userDefaults, target: .fasterBy(10)),
            BenchmarkFigure(name: "durable setDebugOverride", unit: "µs/write", ours: durableOverride,
                            baselineName: "UserDefaults.set + synchronize()", baseline: synchronize, target: .atMost(0.5)),
        ]
    }
}
#endif
