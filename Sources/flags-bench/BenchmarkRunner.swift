#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments
import FeatureFlags
import Foundation

/// Runs every figure, prints the table (or JSON) and says whether every target was met.
enum BenchmarkRunner {
    static let quick = FlagOption("--quick", help: "fewer rounds and keys: a rough run in a fraction of the time")
    static let menuOnly = FlagOption("--menu-only", help: "only the debug menu's figures (start-up, keys, memory, growth)")
    static let overridesOnly = FlagOption("--overrides-only", help: "only the figures of forced branches and feature values")
    static let combinationsOnly = FlagOption("--combinations-only", help: "only the covering-array engine's figures (rows and time)")
    static let coldOnly = FlagOption("--cold-only", help: "only the cold start (no snapshot): flags list and the menu's first frame at "
                                     + "10,000 and 100,000 flags, beside libyaml and PyYAML")
    static let json = FlagOption.json("print the figures as JSON instead of a table")
    static let generateOption = FlagOption("--generate", help: "write the benchmark's app of FLAGS flags (registry, manifest and "
                                           + "RECORDS experiment records, FLAGS/10 when not given, as the menu figures use; 0 for the "
                                           + "cold figures' app) into FOLDER/app-FLAGS, to profile by hand")
    /// What the experiments figure runs in a fresh process (`NimbusBenchmarks.timeEnrollment`).
    static let timeEnrollment = FlagOption("--time-enrollment", help: "print the best of ROUNDS evaluations of the records file for one "
                                           + "client, in seconds (the experiments figure runs it in a fresh process)")
    /// What the cold figures run each command through (`MeasuredChild`).
    static let measure = FlagOption(MeasuredChild.option, help: "run COMMAND as a child of a fresh process and print its user CPU "
                                    + "seconds, wall seconds and peak memory in MiB (the cold figures measure through it); first and alone")
    static let helpOption = FlagOption.help("this help")
    static let options: [any DeclaredOption] = [quick, menuOnly, overridesOnly, coldOnly, combinationsOnly, json, generateOption, timeEnrollment,
                                                measure, helpOption]

    static let usage = """
        usage: flags-bench [--quick] [--json] [--menu-only | --overrides-only | --cold-only | --combinations-only]
               flags-bench --generate FLAGS FOLDER [RECORDS]
               flags-bench --time-enrollment RECORDS ROUNDS NIMBUS_ID APP_NAME CHANNEL
               flags-bench --measure COMMAND [ARGUMENT...]
        \(HelpLayout.optionList(options.map(\.spec), width: 80, maximumLabelWidth: 18))
        Exit status: 0 when every target is met, 1 otherwise, 2 on a usage error.
        """

    /// Firefox for iOS's manifest, kept in `Examples/firefox-ios/manifest`, looked up from the
    /// working directory (the package root when run with `swift run`) and from this source file's package.
    static func firefoxManifest() -> String? {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let candidates = [FileManager.default.currentDirectoryPath, packageRoot].map { $0 + "/Examples/firefox-ios/manifest/nimbus.fml.yaml" }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    }

    /// The library's and Nimbus's figures (everything but the menu).
    static func appFigures(_ figures: inout [BenchmarkFigure], root: String, quick: Bool, progress: (String) -> Void) throws {
        progress("hot paths (isEnabled, setDebugOverride)")
        let small = try GeneratedApp.make(flagCount: 100, in: root)
        figures += try HotPathBenchmarks.run(app: small, storePath: root + "/hot.sqlite", quick: quick)

        progress("manifests (Firefox for iOS, 10,000 features) against PyYAML")
        if let firefox = firefoxManifest() {
            figures.append(try NimbusBenchmarks.manifest(named: "Firefox for iOS manifest", path: firefox, quick: quick))
        } else {
            progress("Firefox for iOS's manifest not found (Examples/firefox-ios/manifest); skipping that figure")
        }
        let large = try GeneratedApp.make(flagCount: 10_000, experimentCount: 1_000, in: root)
        figures.append(try NimbusBenchmarks.manifest(named: "generated manifest, 10,000 features", path: large.manifestPath, quick: quick))

        progress("experiments (1,000 records) against the Python reference")
        figures.append(try NimbusBenchmarks.experiments(app: large, quick: quick))

        progress("forced branches and feature values (isEnabled, evaluation) against none")
        figures += try OverrideBenchmarks.run(app: large, storePath: root + "/overrides.sqlite", quick: quick)

        progress("combinations (pairwise rows) against PairwiseCoveringArray and a plain greedy")
        figures += try CombinationBenchmarks.run(quick: quick)
    }

    /// `flags-bench --generate FLAGS FOLDER [RECORDS]`: an app a run measures, left on disk. The
    /// menu figures' apps have FLAGS/10 experiment records; the cold figures' apps have none, so
    /// that the list reads the same files as the floor it is measured against.
    static func generate(_ arguments: [String]) -> Int32 {
        guard (2...3).contains(arguments.count), let count = Int(arguments[0]), count > 0,
              let records = arguments.count == 3 ? Int(arguments[2]) : count / 10, records >= 0 else {
            FileHandle.standardError.write(Data("flags-bench: \(generateOption.name) takes a flag count, a folder and, if given, a number of records\n\(usage)\n".utf8))
            return 2
        }
        do {
            let app = try GeneratedApp.make(flagCount: count, experimentCount: records, in: arguments[1])
            print(app.registryPath)
            return 0
        } catch {
            FileHandle.standardError.write(Data("flags-bench: error: \(error)\n".utf8))
            return 1
        }
    }

    static func main(_ words: [String]) -> Int32 {
        // First and alone: what follows is the measured command's own arguments.
        if words.first == MeasuredChild.option { return MeasuredChild.main(Array(words.dropFirst())) }
        var arguments = ArgumentList(words, valuesMayLookLikeOptions: false)
        let quick: Bool, json: Bool, menuOnly: Bool, overridesOnly: Bool, coldOnly: Bool, combinationsOnly: Bool
        do throws(ArgumentError) {
            if arguments.take(generateOption) { return generate(try arguments.positionals()) }
            if arguments.take(timeEnrollment) {
                do {
                    print(try NimbusBenchmarks.timeEnrollment(try arguments.positionals()))
                    return 0
                } catch let error as ArgumentError {
                    throw error
                } catch {
                    FileHandle.standardError.write(Data("flags-bench: error: \(error)\n".utf8))
                    return 2
                }
            }
            if arguments.take(helpOption) { print(usage); return 0 }
            (quick, json, menuOnly, overridesOnly, coldOnly, combinationsOnly) = (
                arguments.take(Self.quick), arguments.take(Self.json), arguments.take(Self.menuOnly),
                arguments.take(Self.overridesOnly), arguments.take(Self.coldOnly), arguments.take(Self.combinationsOnly))
            if let word = try arguments.positionals().first {
                FileHandle.standardError.write(Data("flags-bench: unexpected argument '\(word)'\n\(usage)\n".utf8))
                return 2
            }
        } catch {
            let hint = error.reason == .unknownOption
                ? OptionSpec.nearestName(to: error.word, among: options.map(\.spec)).map { " (did you mean '\($0)'?)" } ?? "" : ""
            FileHandle.standardError.write(Data("flags-bench: \(error)\(hint)\n\(usage)\n".utf8))
            return 2
        }
        #if DEBUG
        FileHandle.standardError.write(Data("flags-bench: warning: this is a debug build; figures mean little. Use -c release -Xswiftc -DMOZ_CHANNEL_beta.\n".utf8))
        #endif
        do {
            let root = NSTemporaryDirectory() + "flags-bench-\(getpid())"
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: root) }
            var figures: [BenchmarkFigure] = []
            func progress(_ text: String) { FileHandle.standardError.write(Data("flags-bench: \(text)\n".utf8)) }

            if combinationsOnly {
                figures = try CombinationBenchmarks.run(quick: quick)
                print(json ? BenchmarkReport(figures: figures, growth: [], notes: []).json.prettyText : BenchmarkReport(figures: figures, growth: [], notes: []).table)
                return figures.allSatisfy(\.passes) ? 0 : 1
            }
            if overridesOnly {
                let large = try GeneratedApp.make(flagCount: 10_000, experimentCount: 1_000, in: root)
                figures += try OverrideBenchmarks.run(app: large, storePath: root + "/overrides.sqlite", quick: quick)
                print(json ? BenchmarkReport(figures: figures, growth: [], notes: []).json.prettyText : BenchmarkReport(figures: figures, growth: [], notes: []).table)
                return figures.allSatisfy(\.passes) ? 0 : 1
            }
            var coldNotes: [String] = []
            if !menuOnly {
                if !coldOnly { try appFigures(&figures, root: root, quick: quick, progress: progress) }
                let cold = try ColdStartBenchmarks.run(root: root, quick: quick, progress: progress)
                figures += cold.figures
                coldNotes = cold.notes
            }
            if coldOnly {
                let report = BenchmarkReport(figures: figures, growth: [], notes: coldNotes)
                print(json ? report.json.prettyText : report.table)
                return figures.allSatisfy(\.passes) ? 0 : 1
            }

            progress("the debug menu in tmux (100, 1,000 and 10,000 flags) against dialog --checklist")
            let menu = try MenuBenchmarks.run(root: root, quick: quick)
            figures += menu.figures

            let report = BenchmarkReport(figures: figures, growth: menu.growth, notes: coldNotes + menu.notes)
            print(json ? report.json.prettyText : report.table)
            return figures.allSatisfy(\.passes) ? 0 : 1
        } catch {
            FileHandle.standardError.write(Data("flags-bench: error: \(error)\n".utf8))
            return 1
        }
    }
}
#endif
