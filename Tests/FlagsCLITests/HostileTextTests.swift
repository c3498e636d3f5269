import BibimbapData
import FeatureFlags
import FeatureFlagsTestSupport
import FlagsCLI
import Formats
import Foundation
import TestHelpers
import Testing
import TestTraits

/// Text from a registry or a server that tries to act on the terminal: the window title
/// (`ESC ]0;`), the clipboard (`ESC ]52;`), the screen (`ESC [2J`), a C1 CSI, a bidi override.
/// Human-readable output shows each as `?`; `--json` keeps the exact value in JSON escapes.
@Suite(.blocking) struct HostileTextTests {
    let flags = InProcessFlags(environment: ["FLAGS_NO_CACHE": "1"])
    var folder: TemporaryDirectory { flags.folder }
    let registryPath: String

    static let hostileSlug = "dark-kitchen\u{1B}]0;owned\u{07}\u{1B}]52;c;cm0gLXJmIH4=\u{07}"
    static let hostileStatus = "Allergens\u{1B}[2J cleared\u{9B}31m \u{202E}txt.exe"

    init() throws {
        registryPath = try BibimbapDemo.materialize(in: flags.folder.path)
        let registry = try String(contentsOfFile: registryPath, encoding: .utf8)
        // YAML's own escapes, as a hostile pull request would write them.
        let edited = registry.replacingOccurrences(of: "status: Show allergen labels on every dish",
                                                   with: #"status: "Allergens\e[2J cleared\x9b31m \u202Etxt.exe""#)
        try #require(edited != registry)
        try edited.write(toFile: registryPath, atomically: true, encoding: .utf8)
        let experimentsPath = flags.folder.file("experiments.json")
        let records = try String(contentsOfFile: experimentsPath, encoding: .utf8)
        let hostile = JSONValue.string(Self.hostileSlug).compactText
        try records.replacingOccurrences(of: #""dark-kitchen-rollout""#, with: hostile)
            .write(toFile: experimentsPath, atomically: true, encoding: .utf8)
    }

    private func run(_ arguments: String...) -> (status: Int32, console: Console) {
        flags.run(arguments, configPath: registryPath)
    }

    /// No byte of an escape sequence, a C1 control or a bidi override survives.
    private func expectSafe(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let unsafe = text.unicodeScalars.filter { $0 != "\n" && $0 != "\t" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}") }
        #expect(unsafe.isEmpty, "\(what) let through \(unsafe.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
    }

    @Test func everyHumanReadableCommandShowsTheHostileTextAsQuestionMarks() {
        for arguments in [["list"], ["get", "allergenInfo"], ["get", "darkKitchen"], ["experiments"], ["validate"], ["features"], ["stale"]] {
            let (status, console) = run(arguments[0], arguments.count > 1 ? arguments[1] : "--offline")
            #expect(status == 0, "\(arguments): \(console.errors)")
            expectSafe(console.output, "flags \(arguments.joined(separator: " "))")
            expectSafe(console.errors, "flags \(arguments.joined(separator: " ")) (errors)")
        }
        // The slug is cut at 80 columns, after its escapes were made visible.
        #expect(run("experiments").console.output.contains("dark-kitchen?]0;owned??]52"))
        #expect(run("get", "allergenInfo").console.output.contains("Allergens?[2J cleared?31m ?txt.exe"))
    }

    @Test func jsonOutputKeepsTheExactTextInEscapes() throws {
        let (status, console) = run("experiments", "--json")
        #expect(status == 0, "\(console.errors)")
        expectSafe(console.output, "flags experiments --json")
        #expect(console.output.contains(#"dark-kitchen\u001b]0;owned\u0007"#))
        let slugs = try #require(try JSONParser.parse(console.output)["records"]?.arrayValue).compactMap { $0["slug"]?.stringValue }
        #expect(slugs.contains(Self.hostileSlug))

        let output = run("get", "allergenInfo", "--json").console.output
        #expect(output.contains(#"\u001b[2J cleared\u009b31m \u202etxt.exe"#))
        #expect(try JSONParser.parse(output)["status"]?.stringValue == Self.hostileStatus)
    }

    @Test func errorMessagesAreSanitisedToo() {
        let (status, console) = run("get", "tip\u{1B}]0;owned\u{07}Jar")
        #expect(status == 1)
        #expect(console.errors.contains("tip?]0;owned?Jar"))
        expectSafe(console.errors, "an unknown flag's error")
    }

    @Test func theRealBinaryWritesNoEscapeToItsStreams() throws {
        let result = try BuiltProgram.run(BuiltProgram.flags, ["--config", registryPath, "--store", folder.file("prefs.sqlite"), "experiments"],
                                          environment: ["FLAGS_NO_CACHE": "1", "HOME": folder.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("dark-kitchen?]0;owned?"))
        expectSafe(result.output, "the real flags experiments")
        expectSafe(result.errors, "the real flags experiments (errors)")
    }
}
