#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer
import FeatureFlags
import Foundation
import Nimbus

/// Runs every figure, prints the table (or JSON) and says whether every target was met.
enum BenchmarkRunner {
    static let usage = """
        usage: flags-bench [--quick] [--json]
          --quick   fewer rounds and smaller menus: a rough run in a fraction of the time
          --json    print the figures as JSON instead of a table
        Exit status: 0 when every target is met, 1 otherwise, 2 on a usage error.
        """

    static func main(_ arguments: [String]) -> Int32 {
        var quick = false, json = false
        for argument in arguments {
            switch argument {
            case "--quick": quick = true
            case "--json": json = true
            case "-h", "--help": print(usage); return 0
            default:
                FileHandle.standardError.write(Data("flags-bench: unknown option \(argument)\n\(usage)\n".utf8))
                return 2
            }
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

            progress("hot paths (isEnabled, setDebugOverride)")
            let small = try GeneratedApp.make(flagCount: 100, in: root)
            figures += try HotPathBenchmarks.run(app: small, storePath: root + "/hot.sqlite", quick: quick)

            let report = BenchmarkReport(figures: figures, growth: [])
            print(json ? report.json.prettyText : report.table)
            return figures.allSatisfy(\.passes) ? 0 : 1
        } catch {
            FileHandle.standardError.write(Data("flags-bench: error: \(error)\n".utf8))
            return 1
        }
    }
}
#endif
