#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Foundation
import Formats
#if canImport(Glibc)
import Glibc
#endif

/// What a user waits for the first time after a registry or manifest changed (no snapshot
/// yet, as with `FLAGS_NO_CACHE=1`): a whole `flags list`, and the menu's first frame, at
/// 10,000 and 100,000 flags, each run of the built `flags` binary as a child process.
///
/// Beside them, in the same run: the floor, which is libyaml's event parser reading the same
/// files and building nothing (in this process, `YAMLEventCount`); PyYAML's C loader reading
/// them (parse only); and how each figure grows from 10,000 to 100,000 flags.
enum ColdStartBenchmarks {
    static let sizes = [10_000, 100_000]
    /// A cold figure passes at most this many times the floor's CPU time.
    static let floorLimit = 2.0
    /// The cold `flags list` at 100,000 flags stays under this peak memory.
    static let peakMemoryLimitMiB = 250.0
    /// Growth over ten times the flags that is more than this factor is called worse than
    /// linear (a tenth over ten leaves room for a busy moment of the machine).
    static let linearGrowthLimit = 11.0

    /// One size's figures.
    struct Size {
        var flags: Int
        var floorUserSeconds: Double
        var floorWallSeconds: Double
        var list: MeasuredChild
        var menuMilliseconds: Double
        var menuPeakMemoryMiB: Double
        var pyyamlSeconds: Double
    }

    static func run(root: String, quick: Bool, progress: (String) -> Void) throws -> (figures: [BenchmarkFigure], notes: [String]) {
        guard let flags = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("flags").path,
              FileManager.default.isExecutableFile(atPath: flags) else {
            throw BenchmarkError("the flags binary is not next to flags-bench; build it: swift build -c release -Xswiftc -DMOZ_CHANNEL_beta --product flags")
        }
        // PyYAML takes about a minute at 100,000 flags: fewer rounds of it are enough to be
        // beside the others.
        let rounds = quick ? 1 : 5, pyyamlRounds = quick ? 1 : 3
        let folder = root + "/cold"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // The store must be in a folder only this user may write, as the tool requires.
        chmod(folder, 0o700)
        var measured: [Size] = []
        for size in sizes {
            progress("cold start with \(size) flags: the floor, flags list, the menu, PyYAML")
            let app = try GeneratedApp.make(flagCount: size, in: folder)
            let environment = ["FLAGS_NO_CACHE": "1", "FLAGS_STORE": folder + "/store-\(size).sqlite",
                               "XDG_STATE_HOME": folder + "/state", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]
            // Once untimed: creates the store and brings the files into the page cache, for
            // every program measured here alike.
            _ = try MeasuredChild.run([flags, "list", "--config", app.registryPath], environment: environment, what: "flags list")
            // The floor, the list and the menu take turns, so that a slow stretch of the machine
            // (its speed moves over seconds here) falls on both sides of each ratio alike.
            let menu = try ColdMenu(app: app, flags: flags, environment: environment)
            defer { menu.end() }
            var floor = (user: Double.infinity, wall: Double.infinity)
            var list = MeasuredChild(userSeconds: .infinity, wallSeconds: .infinity, peakMemoryMiB: .infinity)
            var menuMilliseconds = Double.infinity
            for _ in 0..<rounds {
                let floorRound = try floorSeconds(files: app.yamlFiles)
                floor = (min(floor.user, floorRound.user), min(floor.wall, floorRound.wall))
                list = list.best(with: try MeasuredChild.run([flags, "list", "--config", app.registryPath], environment: environment,
                                                             what: "flags list (\(size) flags)"))
                menuMilliseconds = min(menuMilliseconds, try menu.firstFrameMilliseconds())
            }
            let menuPeakMemoryMiB = menu.peakMemoryMiB
            let pyyaml = try PythonReference.pyyamlSeconds(files: app.yamlFiles, rounds: size > 10_000 ? 1 : pyyamlRounds)
            measured.append(Size(flags: size, floorUserSeconds: floor.user, floorWallSeconds: floor.wall, list: list,
                                 menuMilliseconds: menuMilliseconds, menuPeakMemoryMiB: menuPeakMemoryMiB, pyyamlSeconds: pyyaml))
            try? FileManager.default.removeItem(atPath: app.folder)
        }
        return (figures(measured), notes(measured, rounds: rounds))
    }

    static func figures(_ measured: [Size]) -> [BenchmarkFigure] {
        var figures: [BenchmarkFigure] = []
        for size in measured {
            let flags = Format.number(Double(size.flags))
            figures.append(BenchmarkFigure(name: "cold `flags list`, \(flags) flags: user CPU", unit: "s", ours: size.list.userSeconds,
                                           baselineName: "libyaml events, same files, nothing built", baseline: size.floorUserSeconds,
                                           target: .atMost(floorLimit)))
            figures.append(BenchmarkFigure(name: "cold `flags list`, \(flags) flags: wall", unit: "s", ours: size.list.wallSeconds,
                                           baselineName: "PyYAML C loader, same files, parse only", baseline: size.pyyamlSeconds,
                                           target: .fasterBy(2)))
            figures.append(BenchmarkFigure(name: "cold menu start to first full frame, \(flags) flags", unit: "ms", ours: size.menuMilliseconds,
                                           baselineName: "libyaml events, same files (wall)", baseline: size.floorWallSeconds * 1000,
                                           target: .atMost(floorLimit * 1.5)))
        }
        if let large = measured.last, let small = measured.first {
            figures.append(BenchmarkFigure(name: "cold `flags list` peak memory (max RSS), \(Format.number(Double(large.flags))) flags", unit: "MiB",
                                           ours: large.list.peakMemoryMiB, baselineName: "\(Format.number(Double(small.flags))) flags",
                                           baseline: small.list.peakMemoryMiB, target: .absoluteAtMost(peakMemoryLimitMiB, unit: "MiB")))
        }
        return figures
    }

    static func notes(_ measured: [Size], rounds: Int) -> [String] {
        var notes = [
            "Cold figures: the built flags binary run as a child of a fresh flags-bench --measure (FLAGS_NO_CACHE=1, so no snapshot is read or written), best of \(rounds);"
                + " CPU and peak memory are the kernel's (wait4) for that child. The floor is libyaml's event parser pulling every event of"
                + " the same files in this process (YAMLEventCount); the cold menu is timed in tmux as the menu figures are. Each round runs the floor, the list and the menu in turn; each figure is the best of \(rounds) rounds.",
        ]
        for size in measured {
            notes.append("Cold, \(Format.number(Double(size.flags))) flags: flags list \(Format.withUnit(size.list.userSeconds, "s")) user CPU,"
                + " \(Format.withUnit(size.list.wallSeconds, "s")) wall, \(Format.withUnit(size.list.peakMemoryMiB, "MiB")) peak;"
                + " floor \(Format.withUnit(size.floorUserSeconds, "s")) CPU; menu first frame \(Format.withUnit(size.menuMilliseconds, "ms")),"
                + " \(Format.withUnit(size.menuPeakMemoryMiB, "MiB")) peak; PyYAML \(Format.withUnit(size.pyyamlSeconds, "s")).")
        }
        if let small = measured.first, let large = measured.last, large.flags > small.flags {
            let factor = Double(large.flags) / Double(small.flags)
            for (what, from, to) in [("flags list CPU", small.list.userSeconds, large.list.userSeconds),
                                     ("menu first frame", small.menuMilliseconds, large.menuMilliseconds),
                                     ("the floor", small.floorUserSeconds, large.floorUserSeconds)] {
                let growth = to / from
                let verdict = growth > linearGrowthLimit * factor / 10 ? "worse than linear" : "linear or better"
                notes.append("Growth \(Format.number(Double(small.flags))) → \(Format.number(Double(large.flags))) flags (×\(Format.number(factor))):"
                    + " \(what) ×\(Format.number(growth)), \(verdict).")
            }
        }
        return notes
    }

    /// The floor: user CPU and wall seconds for libyaml to pull every event of `files` once.
    static func floorSeconds(files: [String]) throws -> (user: Double, wall: Double) {
        let cpuStart = userCPUSeconds(), start = Stopwatch.now()
        var events = 0
        for file in files { events += try YAMLEventCount.events(path: file) }
        blackHole(events)
        return (userCPUSeconds() - cpuStart, Double(Stopwatch.now() - start) / 1e9)
    }

    static func userCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    }
}
#endif
