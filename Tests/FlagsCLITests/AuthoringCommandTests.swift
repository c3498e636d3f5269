import BibimbapData
import FeatureFlags
import FeatureFlagsTestSupport
import FlagsCLI
import Formats
import Foundation
import Platform
import Testing

/// `flags add`, `remove`, `features` and `generate`, in-process, on a copy of the demo's files
/// in a temporary folder (the working directory, so the registry is found as an app's would be).
@Suite struct AuthoringCommandTests {
    let folder = TemporaryDirectory()
    let app: String

    init() throws {
        app = folder.file("app")
        _ = try BibimbapDemo.materialize(in: app)
    }

    private func run(_ arguments: String...) -> (status: Int32, output: String, errors: String) { run(arguments) }

    private func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        // Wide, so the tables' cells are whole.
        let console = Console.capturing(width: 200)
        let options = FlagsOptions(storePath: folder.file("prefs.sqlite"), workingDirectory: app,
                                   environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path])
        let status = FlagsCommandLine.run(arguments, console: console, options: options)
        return (status, console.output, console.errors)
    }

    /// The three files `add` edits or creates, by name; nil for a file that does not exist.
    private func files() -> [String: Data?] {
        Dictionary(uniqueKeysWithValues: ["feature-flags.yaml", "nimbus.fml.yaml", "nimbus-features/newThingFeature.yaml"].map {
            ($0, FileManager.default.contents(atPath: app + "/" + $0))
        })
    }

    @Test func addListGenerateRemoveRoundTrip() throws {
        let before = files()
        let added = run("add", "newThing", "--debuggable", "-d", "Shows the new thing on the home screen")
        #expect(added.status == 0, "\(added.errors)")
        #expect(added.output.contains("added flag newThing"))

        let list = run("list")
        #expect(list.status == 0 && list.output.split(separator: "\n").contains { $0.hasPrefix("newThing ") })
        let generated = run("generate")
        #expect(generated.status == 0 && generated.output.contains("    static let newThing = FeatureFlagID(FeatureFlagDefinition(\n"))
        #expect(generated.output.contains("    /// `newThing`: Nimbus `new-thing-feature.enabled`; debug override under `newThingDebugKey`."))
        let features = run("features")
        #expect(features.output.contains("new-thing-feature") && features.output.contains("flag newThing"))

        let removed = run("remove", "newThing")
        #expect(removed.status == 0, "\(removed.errors)")
        #expect(removed.output.split(separator: "\n").filter { $0.hasPrefix("done:") }.count == 3)
        #expect(files() == before, "remove restores the registry and manifest byte for byte and deletes the feature file")
        #expect(before["nimbus-features/newThingFeature.yaml"]! == nil)

        let again = run("remove", "newThing")
        #expect(again.status == 1 && again.output.contains("skipped:") && again.errors.contains("nothing to remove"))
    }

    /// `remove` deletes a feature file only when `add` wrote it and nobody changed it since; one
    /// edited since stays with its include, and only the registry entry goes.
    @Test func removeLeavesAFeatureFileChangedSinceAddWroteIt() throws {
        #expect(run("add", "newThing").status == 0)
        let path = app + "/nimbus-features/newThingFeature.yaml"
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.hasPrefix("# Written by `flags add`, which `flags remove` deletes only while unchanged: checksum "))
        try (written + "# a note of the team's\n").write(toFile: path, atomically: true, encoding: .utf8)
        let removed = run("remove", "newThing")
        #expect(removed.status == 0, "\(removed.errors)")
        #expect(removed.output.contains("left \(path) and its include line: it was changed since `flags add` wrote it"), "\(removed.output)")
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try String(contentsOfFile: app + "/nimbus.fml.yaml", encoding: .utf8).contains("nimbus-features/newThingFeature.yaml"))
        #expect(run("list").output.split(separator: "\n").allSatisfy { !$0.hasPrefix("newThing ") }, "the flag itself is gone")
    }

    @Test func refusalsExplainAndChangeNothing() {
        let before = files()
        let cases: [([String], Int32, String)] = [
            (["add", "tipJar"], 1, "already exists"),
            (["add", "bibimbap"], 1, "already defines feature `bibimbap-feature`"),
            (["add", "NewThing"], 2, "not a camelCase name"),
            (["add", "new-thing"], 2, "not a camelCase name"),
            (["add", "ab"], 2, "too short"),
            (["add", "newThing", "-d", String(repeating: "x", count: 101)], 2, "keep it to 100"),
            (["add", "newThing", "--title", "T"], 2, "add --debuggable"),
            (["add"], 2, "missing the flag NAME"),
        ]
        for (arguments, status, message) in cases {
            let console = Console.capturing()
            let options = FlagsOptions(storePath: folder.file("prefs.sqlite"), workingDirectory: app, environment: ["HOME": folder.path])
            #expect(FlagsCommandLine.run(arguments, console: console, options: options) == status, "\(arguments)")
            #expect(console.errors.contains(message), "\(arguments): \(console.errors)")
        }
        #expect(files() == before)
    }

    @Test func theBuiltInDemoIsNotEdited() {
        let console = Console.capturing()
        let empty = folder.file("empty")
        try? FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let options = FlagsOptions(storePath: folder.file("prefs.sqlite"), workingDirectory: empty,
                                   environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path])
        #expect(FlagsCommandLine.run(["add", "newThing"], console: console, options: options) == 1)
        #expect(console.errors.contains("built-in demo cannot be edited"))
    }

    @Test func generateIsDeterministicAndWritesOnlyWhatChanged() throws {
        let first = run("generate", "--output", "Sources/FeatureFlagID.swift")
        #expect(first.status == 1, "the folder does not exist yet: \(first.output)")
        try FileManager.default.createDirectory(atPath: app + "/Sources", withIntermediateDirectories: true)
        #expect(run("generate", "--output", "Sources/FeatureFlagID.swift").output.hasPrefix("wrote "))
        let written = try String(contentsOfFile: app + "/Sources/FeatureFlagID.swift", encoding: .utf8)
        #expect(written.hasPrefix("// Generated by `flags generate` from ../feature-flags.yaml (app bibimbap)."))
        #expect(run("generate", "--output", "Sources/FeatureFlagID.swift").output.contains("is up to date"))
        #expect(run("generate").output == run("generate").output)
        #expect(run("generate").output.hasPrefix("// Generated by `flags generate` from feature-flags.yaml"))
    }

    /// A title or description with bidi overrides (the "Trojan Source" pattern) and controls: the
    /// file --output writes and what stdout prints are the same bytes, with every such scalar as
    /// `\u{…}` in literals and comments, none of them raw.
    @Test(arguments: [[], ["--features"]])
    func generatedSwiftCarriesNoRawBidiOrControlScalarsWhereverItGoes(extra: [String]) throws {
        let registry = app + "/feature-flags.yaml", manifest = app + "/nimbus-features/orderingFeatures.yaml"
        let hostile = #"\u202E\u2066evil\u2069 \u200F\x1b[2J"#
        let registryText = try String(contentsOfFile: registry, encoding: .utf8)
            .replacingOccurrences(of: "title: Allergen Info", with: "title: \"Allergen\(hostile)Info\"")
        let manifestText = try String(contentsOfFile: manifest, encoding: .utf8)
            .replacingOccurrences(of: "description: A tip prompt at checkout.", with: "description: \"A tip\(hostile)prompt.\"")
        try #require(registryText.contains("\\u202E") && manifestText.contains("\\u202E"))
        try registryText.write(toFile: registry, atomically: true, encoding: .utf8)
        try manifestText.write(toFile: manifest, atomically: true, encoding: .utf8)
        let printed = run(["generate"] + extra)
        #expect(printed.status == 0, "\(printed.errors)")
        #expect(run(["generate"] + extra + ["--output", "Generated.swift"]).status == 0)
        let written = try String(contentsOfFile: app + "/Generated.swift", encoding: .utf8)
        #expect(written == printed.output, "--output and stdout differ")
        let raw = written.unicodeScalars.filter { $0 != "\n" && TerminalSafeText.isUnsafe($0) }
        #expect(raw.isEmpty, "raw scalars: \(raw.map { String($0.value, radix: 16) })")
        if extra.isEmpty { #expect(written.contains(#"Allergen\u{202e}\u{2066}evil\u{2069} \u{200f}\u{1b}[2JInfo"#), "\(written)") }
    }

    @Test func featuresJSONNamesTypesDefaultsAndReaders() throws {
        let result = run("--channel", "release", "features", "--json")
        #expect(result.status == 0, "\(result.errors)")
        let features = try #require(try JSONParser.parse(result.output).arrayValue)
        let ids = features.compactMap { $0["id"]?.stringValue }
        #expect(ids == ids.sorted() && ids.contains("bibimbap-feature"))
        let bibimbap = try #require(features.first { $0["id"] == .string("bibimbap-feature") })
        let variables = try #require(bibimbap["variables"]?.arrayValue)
        #expect(variables.compactMap { $0["name"]?.stringValue } == ["enabled", "extra-gochujang", "spice-level"])
        #expect(variables[0]["default"] == .bool(false), "release default")
        #expect(variables[0]["flags"] == .array([.string("newBibimbapMenu")]))
        #expect(variables[2]["type"] == .string("Int") && variables[2]["flags"] == .array([]))
        let startAtHome = try #require(features.first { $0["id"] == .string("start-at-home-feature") })
        #expect(startAtHome["variables"]?.arrayValue?.first?["preferences"] == .array([.string("startAtHome")]))
    }

    @Test func everyAuthoringCommandHasHelp() {
        for command in ["add", "remove", "features", "generate"] {
            let viaFlag = run(command, "--help")
            #expect(viaFlag.status == 0 && viaFlag.output.contains("usage: flags \(command)"))
            #expect(run("help", command).output == viaFlag.output)
            #expect(run("help").output.contains("  \(command) "))
        }
    }
}
