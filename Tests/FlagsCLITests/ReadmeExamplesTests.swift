import FeatureFlagsTestSupport
import Foundation
import Prefs
import Testing
import TestHelpers
import TestTraits

/// The `console` blocks of the README and of every page of `docs/` are run: each
/// `$ swift run flags …` line (pipes included) runs the real `flags` in the package's root (on
/// the built-in demo unless it names `--config`), with a store of its own per block in a
/// temporary folder whose Nimbus id is fixed, and what it prints must be what the page shows
/// below it. An example that drifts from the tool fails the suite.
///
/// In a page's expected output, `…` stands for any text within a line, and a line holding
/// only `…` for any number of lines (a listing cut short). Trailing spaces do not count.
@Suite(.blocking) struct ReadmeExamplesTests {
    /// The client id every example runs as, so enrollments and branches are the pages'.
    static let nimbusID = "367a527a-3c5e-4e2f-9a41-5e0d6a8c1b2f"

    /// The package's root: the examples run there, as a reader of the pages would run them.
    static let packageRoot = SwiftToolchain.packageRoot

    /// One `console` block: where it starts and its commands, each with the output shown.
    struct Example: CustomTestStringConvertible, Sendable {
        var location: String
        var steps: [(command: String, expected: [String])]
        var testDescription: String { location }
    }

    static let examples: [Example] = MarkdownBlock.inEveryPage().filter { $0.language == "console" }.map { block in
        var example = Example(location: block.location, steps: [])
        for line in block.lines {
            if line.hasPrefix("$ ") {
                example.steps.append((String(line.dropFirst(2)), []))
            } else if !example.steps.isEmpty {
                example.steps[example.steps.count - 1].expected.append(line)
            }
        }
        return example
    }

    @Test func theReadmeAndTheDocsHaveConsoleExamples() {
        #expect(Self.examples.contains { $0.location.hasPrefix("README.md:") }, "README.md has no console block")
        #expect(Self.examples.count >= 10 && Self.examples.allSatisfy { !$0.steps.isEmpty }, "\(Self.examples.count) console blocks")
    }

    @Test(arguments: examples)
    func eachConsoleExamplePrintsWhatTheReadmeShows(example: Example) throws {
        let folder = TemporaryDirectory()
        let store = folder.file("store/prefs.sqlite")
        // Opened as `flags` opens it, so the fixed client id is not in the history the examples print.
        try SQLitePrefs(path: store, history: .featureFlags).apply([.set("nimbus.id", .string(Self.nimbusID)),
                                                                    .set("nimbus.installedAt", .int(Int(Date().timeIntervalSince1970)))])
        for step in example.steps {
            let output = try run(step.command, store: store, folder: folder)
            #expect(Self.matches(output, step.expected), """
                \(example.location): `$ \(step.command)` printed:
                \(output.joined(separator: "\n"))
                but the page shows:
                \(step.expected.joined(separator: "\n"))
                """)
        }
    }

    /// Runs a page's command in `sh`, with `swift run flags` meaning the built binary.
    private func run(_ command: String, store: String, folder: TemporaryDirectory) throws -> [String] {
        let script = "{ " + command.replacingOccurrences(of: "swift run flags", with: "\"$FLAGS\"") + "; } 2>&1"
        let result = try BuiltProgram.run("/bin/sh", ["-c", script], environment: [
            "FLAGS": BuiltProgram.flags, "FLAGS_STORE": store, "HOME": folder.path,
            "XDG_STATE_HOME": folder.file("state"), "LANG": "C.UTF-8", "COLUMNS": "80",
        ], in: Self.packageRoot)
        var lines = result.output.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Whether `actual` is what `expected` shows, `…` being a wildcard as the suite's doc says.
    static func matches(_ actual: [String], _ expected: [String]) -> Bool {
        func trimmed(_ line: String) -> String {
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }
        func lineMatches(_ line: String, _ pattern: String) -> Bool {
            let parts = pattern.components(separatedBy: "…")
            guard parts.count > 1 else { return line == pattern }
            guard line.hasPrefix(parts[0]) else { return false }
            var rest = line.dropFirst(parts[0].count)
            for part in parts.dropFirst().dropLast() {
                guard let range = rest.range(of: part) else { return false }
                rest = rest[range.upperBound...]
            }
            return rest.hasSuffix(parts.last!)
        }
        func match(_ a: ArraySlice<String>, _ e: ArraySlice<String>) -> Bool {
            guard let pattern = e.first else { return a.isEmpty }
            if pattern == "…" {
                return (a.startIndex...a.endIndex).contains { match(a[$0...], e.dropFirst()) }
            }
            guard let line = a.first, lineMatches(line, pattern) else { return false }
            return match(a.dropFirst(), e.dropFirst())
        }
        return match(ArraySlice(actual.map(trimmed)), ArraySlice(expected.map(trimmed)))
    }

    @Test func theWildcardsMeanWhatTheSuiteSays() {
        #expect(Self.matches(["a 4s ago", "b"], ["a …s ago", "b"]))
        #expect(Self.matches(["head", "1", "2", "tail"], ["head", "…", "tail"]))
        #expect(Self.matches(["head", "tail"], ["head", "…", "tail"]))
        #expect(!Self.matches(["head", "tail", "more"], ["head", "tail"]))
        #expect(!Self.matches(["x"], ["y…"]))
    }
}
