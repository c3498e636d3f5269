import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestTraits

/// `Examples/adopter` is the README's adoption section, compiled: `.ci/example-adopter` builds and
/// tests it, and these tests keep it and the README from drifting apart, and its generated source
/// from drifting from its registry.
@Suite(.blocking) struct ExampleAdopterTests {
    static let example = SwiftToolchain.packageRoot + "/Examples/adopter"
    static let sources = example + "/Sources/Kiosk"

    /// Each checked-in generated file of the example and the `generate` arguments that write it.
    static let generatedFiles: [(file: String, arguments: [String])] = [
        ("FeatureFlags.generated.swift", []),
        ("Features.generated.swift", ["--features"]),
    ]

    @Test(arguments: generatedFiles)
    func theCheckedInGeneratedSourceIsWhatFlagsGenerateWritesToday(file: String, arguments: [String]) throws {
        let folder = TemporaryDirectory()
        // Printed from the generated file's folder, the header names the registry and manifest as --output would.
        let result = try BuiltProgram.run(BuiltProgram.flags, ["--config", "../../feature-flags.yaml", "generate"] + arguments,
                                          environment: ["FLAGS_STORE": folder.file("prefs.sqlite")], in: Self.sources)
        #expect(result.status == 0, "\(result.errors)")
        let checkedIn = try String(contentsOfFile: Self.sources + "/" + file, encoding: .utf8)
        #expect(result.output == checkedIn, """
            \(Self.sources)/\(file) is stale: in Examples/adopter/Sources/Kiosk run
            flags --config ../../feature-flags.yaml generate \((arguments + ["--output", file]).joined(separator: " "))
            """)
    }

    /// The code blocks in `language` (swift, sh) of the README's section "How an app adopts the library".
    static func readmeBlocks(_ language: String = "swift") throws -> [String] {
        ReadmeBlock.all().filter { $0.section == "How an app adopts the library" && $0.language == language }
            .map { $0.lines.joined(separator: "\n") }
    }

    /// Every Swift and YAML file of the example, by path relative to it.
    static func exampleFiles() throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: example))
        while let path = enumerator.nextObject() as? String {
            if path.hasPrefix(".build") { enumerator.skipDescendants(); continue }
            if path.hasSuffix(".swift") || path.hasSuffix(".yaml") { files[path] = try String(contentsOfFile: example + "/" + path, encoding: .utf8) }
        }
        return files
    }

    @Test func theReadmesAdoptionCodeIsTheExamplesCodeVerbatim() throws {
        let blocks = try Self.readmeBlocks() + Self.readmeBlocks("yaml")
        let files = try Self.exampleFiles()
        #expect(files.keys.contains("Package.swift") && files.keys.contains("Sources/Kiosk/main.swift"))
        #expect(blocks.count >= 5, "README.md, How an app adopts the library: \(blocks.count) swift blocks")
        for block in blocks {
            #expect(files.values.contains { $0.contains(block) }, """
                README.md's block in "How an app adopts the library" is in no file of Examples/adopter; \
                copy the example's code into the README (or the README's into the example):
                \(block)
                """)
        }
        // What a reader needs to get started is shown, not just some code of the example.
        let shown = blocks.joined(separator: "\n")
        // Whole files, so copied into an empty folder they build: the tools version and the imports too.
        for needed in ["// swift-tools-version:6.0", "import FeatureFlagsTestSupport", "@testable import Kiosk",
                       ".package(name: \"FeatureFlagsDebugMenu\", path: \"../..\")", ".product(name: \"FeatureFlags\", package:",
                       "checkGeneratedCode()", "featureFlagsProvider.isEnabled(.newBibimbapMenu)",
                       "userPreferences.startAtHomeSetting", "MockNimbusFeatureFlagLayer(enabledFlags: [.newBibimbapMenu])",
                       "isEnabled(.newBibimbapMenu)", "@Suite(.scopedAppContainer)",
                       "KioskNimbus.shared.initialize(with: NimbusFeatureValues(environment: flags))",
                       "KioskNimbus.shared.features.welcomeFeature.value()", "with(cachedValue:", "reset()"] {
            #expect(shown.contains(needed), "README.md's adoption section does not show \(needed)")
        }
        // And how to write each generated file again, the way the staleness test above names it.
        let commands = try Self.readmeBlocks("sh").joined(separator: "\n")
        for (file, arguments) in Self.generatedFiles {
            let command = "flags --config ../../feature-flags.yaml generate " + (arguments + ["--output", file]).joined(separator: " ")
            #expect(commands.contains(command), "README.md's adoption section does not show how to regenerate \(file): \(command)")
        }
    }
}

