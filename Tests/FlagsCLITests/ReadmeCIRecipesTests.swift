import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing
import TestHelpers
import TestTraits

/// The CI recipes for a sharded matrix (GitHub Actions and GitLab CI, in `docs/TEAM.md`, or
/// wherever a page holds them) run as their jobs would: each `flags matrix` line of a recipe, on
/// a store of its own per job, with a test command that prints as test runners do. The parts
/// must stay JSON, and their merge the report.
@Suite(.blocking) struct ReadmeCIRecipesTests {
    /// A recipe: the `flags matrix` lines of one `yaml` block of a page.
    struct Recipe: CustomTestStringConvertible, Sendable {
        var location: String
        var commands: [String]
        var testDescription: String { location }
    }

    static let recipes: [Recipe] = MarkdownBlock.inEveryPage().filter { $0.language == "yaml" }.compactMap { block in
        let commands = block.lines.compactMap { line -> String? in
            guard let start = line.range(of: ".build/debug/flags matrix") else { return nil }
            return String(line[start.lowerBound...])
        }
        return commands.isEmpty ? nil : Recipe(location: block.location, commands: commands)
    }

    /// What a test runner prints on its standard output, and on its error.
    static let testScript = """
        #!/bin/sh
        echo "Building for debugging..."
        echo "Test Suite 'All tests' passed with $FLAGS_COMBINATION"
        echo "1 warning" >&2
        """

    @Test func theDocsHaveBothRecipes() {
        #expect(Self.recipes.count == 2, "\(Self.recipes.map(\.location))")
        #expect(Self.recipes.allSatisfy { $0.commands.count == 2 })
    }

    @Test(arguments: recipes) func eachRecipeRunsAndMergesWhileTheCommandPrints(_ recipe: Recipe) throws {
        let folder = TemporaryDirectory()
        try Self.writeExecutable(Self.testScript, to: folder.file("run-ui-tests.sh"))
        let shard = try #require(recipe.commands.first { $0.contains("--shard") })
        let merge = try #require(recipe.commands.first { $0.contains("--merge") })
        for job in 1...3 {
            let result = try run(shard, job: job, folder: folder)
            #expect(result.status == 0, "job \(job): \(result.errors)")
            #expect(result.errors.contains("Test Suite 'All tests' passed"), "the command's output is shown, on standard error")
            let part = try String(contentsOfFile: folder.file("matrix-\(job).json"), encoding: .utf8)
            let json = try JSONParser.parse(part)
            #expect(json["shard"]?["index"] == .int(job), "\(part)")
        }
        let merged = try run(merge, job: 0, folder: folder)
        #expect(merged.status == 0, "\(merged.errors)")
        #expect(merged.output.contains("5 of 5 combinations passed (pairwise)"), "\(merged.output)")
    }

    /// A part that holds something else than a result is named with what it holds.
    @Test func mergeSaysWhatAPartHoldsWhenItIsNotAResult() throws {
        let folder = TemporaryDirectory()
        folder.write("compiling FeatureFlags\n{\"mode\": \"pairwise\"}\n", to: "m-1.json")
        let result = try BuiltProgram.run(BuiltProgram.flags, ["matrix", "--merge", "m-1.json"],
                                          environment: ["FLAGS_STORE": folder.file("prefs.sqlite"), "XDG_STATE_HOME": folder.file("state")],
                                          in: folder.path)
        #expect(result.status == 1)
        #expect(result.errors.contains("m-1.json is not the JSON result of a matrix part: it begins `compiling FeatureFlags`"), "\(result.errors)")
        #expect(result.errors.contains("flags matrix --shard K/N ... > FILE"), "\(result.errors)")
    }

    /// Writes a script through a descriptor closed on exec: one that a process started meanwhile
    /// by another test inherited would keep the file open for writing, and running it would
    /// fail with "text file busy".
    private static func writeExecutable(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count else { throw POSIXError(.EIO) }
    }

    /// Runs one recipe line in `sh` as job `job` of 3 (0: the report job), in `folder`.
    private func run(_ command: String, job: Int, folder: TemporaryDirectory) throws -> BuiltProgram.Result {
        let line = command.replacingOccurrences(of: ".build/debug/flags", with: "\"$FLAGS\"")
            .replacingOccurrences(of: "${{ matrix.shard }}", with: "\(job)")
        return try BuiltProgram.run("/bin/sh", ["-c", line], environment: [
            "FLAGS": BuiltProgram.flags, "CI_NODE_INDEX": "\(job)", "CI_NODE_TOTAL": "3",
            "FLAGS_STORE": folder.file("job-\(job)/prefs.sqlite"), "XDG_STATE_HOME": folder.file("job-\(job)/state"), "HOME": folder.path,
        ], in: folder.path)
    }
}
