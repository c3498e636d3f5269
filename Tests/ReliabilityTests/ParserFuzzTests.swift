import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import FML
import Formats
import ParserFuzzing
import TestHelpers
import Testing
import TestTraits

/// Firefox for iOS's manifest, kept in `<package root>/Examples/firefox-ios/manifest`.
private let firefoxFolder = SwiftToolchain.packageRoot + "/Examples/firefox-ios/manifest"

extension Slow {
    /// Broken manifests, registries and experiment files: never a crash or a hang, and every error
    /// names a file and a line:column inside it. The suite runs a thousand seeded inputs in a
    /// debug build; `.ci/fuzz` runs 100,000 in release.
    @Suite struct ParserFuzzTests {
        let folder = TemporaryDirectory()

        @Test func seededMutationsAreAcceptedOrRefusedWithAPosition() throws {
            let fuzzer = try ParserFuzzer(firefoxFolder: firefoxFolder)
            if let missing = fuzzer.missingCorpus { print("note: \(missing)") }
            let report = fuzzer.run(inputs: 1_000, seed: 20_250_101)
            print("parser fuzz (debug, in suite):\n\(report.summary)")
            #expect(report.failures.isEmpty, "\(report.failures.prefix(10).map(\.description).joined(separator: "\n"))")
            for kind in FuzzKind.allCases { #expect(report.inputs[kind, default: 0] > 100, "\(kind) got too few inputs") }
            // Most mutations break the file; some must still load, or the fuzzer tests nothing past the parser.
            #expect(report.totalErrors > report.totalInputs / 2 && report.totalErrors < report.totalInputs)
        }

        // MARK: Regressions the fuzzer found, each pinned by a direct test

        @Test func deeplyNestedYAMLIsAnErrorNotAStackOverflow() throws {
            let text = "a: " + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000)
            #expect {
                _ = try YAMLReader.read(string: text, name: "deep.yaml")
            } throws: { error in
                "\(error)".hasPrefix("deep.yaml:1:") && "\(error)".contains("nesting deeper than 512 levels")
            }
        }

        @Test func aliasBombIsRefusedQuickly() throws {
            var text = "a: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
            for level in 1...9 { text += "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
            #expect {
                _ = try YAMLReader.read(string: text, name: "laughs.yaml")
            } throws: { error in
                "\(error)".hasPrefix("laughs.yaml:") && "\(error)".contains("billion laughs")
            }
            // A few ordinary aliases are still fine.
            let small = try YAMLReader.read(string: "a: &x {b: 1}\nc: *x\nd: *x\n", name: "ok.yaml")
            #expect(small["d"]?.jsonValue == .object(["b": .int(1)]))
        }

        @Test func deeplyNestedTypeIsRefusedQuickly() throws {
            let type = String(repeating: "List<", count: 3_000) + "Int" + String(repeating: ">", count: 3_000)
            let root = folder.write("channels: [developer]\nfeatures:\n  f:\n    description: x\n    variables:\n"
                                    + "      v: { description: x, type: \"\(type)\", default: [] }\n", to: "t/nimbus.fml.yaml")
            #expect {
                _ = try FeatureManifest.load(path: root)
            } throws: { error in
                "\(error)".hasPrefix(root + ":6:") && "\(error)".contains("nested deeper than 32 levels")
            }
        }

        @Test func invalidUTF8IsReportedWhereItIs() throws {
            let path = folder.file("bad.yaml")
            folder.write(Data(Array("a: 1\nb: 2\nc: x".utf8) + [0xFF] + Array("y\n".utf8)), to: path)
            #expect {
                _ = try YAMLReader.read(path: path)
            } throws: { error in
                guard let error = error as? YAMLError else { return false }
                return error.line == 3 && error.column == 5
            }
        }

        @Test func includeOfAFolderIsReportedAtTheIncludeLine() throws {
            let root = folder.write("channels: [developer]\ninclude:\n  - features\nfeatures: {}\n", to: "m/nimbus.fml.yaml")
            try FileManager.default.createDirectory(atPath: folder.file("m/features"), withIntermediateDirectories: true)
            #expect {
                _ = try FeatureManifest.load(path: root)
            } throws: { error in
                "\(error)".hasPrefix(root + ":3:5: included path 'features' is not a file")
            }
        }

        @Test func registryNamingAMissingManifestIsReportedAtItsManifestLine() throws {
            let registry = folder.write("app: demo\nmanifest: nimbus.fml.yml\nflags: {}\n", to: "r/feature-flags.yaml")
            #expect {
                _ = try FeatureFlagRegistry.load(path: registry)
            } throws: { error in
                "\(error)".hasPrefix(registry + ":2:11: `manifest` names")
            }
        }

        @Test func experimentsWithoutADataListAreReportedWithAPosition() throws {
            let path = folder.write("\n  {\"dada\": []}\n", to: "experiments.json")
            let (records, problem) = NimbusExperiments.readRecords(path: path)
            #expect(records == nil)
            #expect(problem?.hasPrefix(path + ":2:3: the top-level value: missing required field `data`") == true, "\(problem ?? "nil")")
        }
    }
}
