import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestTraits

/// `Examples/adopter` is the README's adoption walk-through, compiled: `.ci/example-adopter` builds
/// and tests it, and these tests keep it and the README from drifting apart, and its generated
/// source from drifting from its registry.
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

    /// The page and section that walk an app team through adopting the library, whole files at a time.
    static let walkThrough = (page: "README.md", section: "How an app adopts the library")

    /// The code blocks in `language` (swift, yaml, sh) of the walk-through.
    static func walkThroughBlocks(_ language: String = "swift") -> [String] {
        MarkdownBlock.all(in: walkThrough.page).filter { $0.section == walkThrough.section && $0.language == language }
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

    @Test func theWalkThroughsCodeIsTheExamplesCodeVerbatim() throws {
        let blocks = Self.walkThroughBlocks() + Self.walkThroughBlocks("yaml")
        let files = try Self.exampleFiles()
        let place = "\(Self.walkThrough.page), \"\(Self.walkThrough.section)\""
        #expect(files.keys.contains("Package.swift") && files.keys.contains("Sources/Kiosk/main.swift"))
        #expect(blocks.count >= 5, "\(place): \(blocks.count) swift and yaml blocks")
        for block in blocks {
            #expect(files.values.contains { $0.contains(block) }, """
                The block of \(place) is in no file of Examples/adopter; \
                copy the example's code into the page (or the page's into the example):
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
            #expect(shown.contains(needed), "\(place) does not show \(needed)")
        }
        // And how to write each generated file again, the way the staleness test above names it.
        let commands = Self.walkThroughBlocks("sh").joined(separator: "\n")
        for (file, arguments) in Self.generatedFiles {
            let command = "flags --config ../../feature-flags.yaml generate " + (arguments + ["--output", file]).joined(separator: " ")
            #expect(commands.contains(command), "\(place) does not show how to regenerate \(file): \(command)")
        }
    }
}
