import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers
import TestTraits

/// `Examples/adopter` is the adoption walk-through of `docs/APPS.md`, compiled: `.ci/example-adopter`
/// builds and tests it, and these tests keep it, that page and the README's short adoption from
/// drifting apart, and its generated source from drifting from its registry.
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
    static let walkThrough = (page: "docs/APPS.md", section: "How an app adopts the library")

    /// The code blocks in `language` (swift, yaml, sh) of the walk-through.
    static func walkThroughBlocks(_ language: String = "swift") -> [String] {
        MarkdownBlock.all(in: walkThrough.page).filter { $0.section == walkThrough.section && $0.language == language }
            .map { $0.lines.joined(separator: "\n") }
    }

    /// The README's short adoption: the Swift and YAML blocks of its tour's "Adopting the library".
    static func readmeSnippets() -> [String] {
        MarkdownBlock.all(in: "README.md").filter { $0.subsection == "Adopting the library" && ["swift", "yaml"].contains($0.language) }
            .map { $0.lines.joined(separator: "\n") }
    }

    /// Whether `block` stands in `file` as whole lines, every line indented alike there: a
    /// fragment of a function body may be shown without the indentation it has in the file.
    static func holds(_ file: String, _ block: String) -> Bool {
        let lines = block.components(separatedBy: "\n")
        return stride(from: 0, through: 16, by: 2).contains { width in
            let indent = String(repeating: " ", count: width)
            return ("\n" + file + "\n").contains("\n" + lines.map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n") + "\n")
        }
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

    /// The README's ten lines or so of adoption are the example's code too, so what a reader
    /// copies from the tour is code that builds, and they show the steps that matter.
    @Test func theReadmesAdoptionSnippetsAreTheExamplesCode() throws {
        let snippets = Self.readmeSnippets()
        let files = try Self.exampleFiles()
        #expect(!snippets.isEmpty, "README.md has no swift or yaml block under \"Adopting the library\"")
        for snippet in snippets {
            #expect(files.values.contains { Self.holds($0, snippet) }, """
                README.md's adoption snippet is in no file of Examples/adopter, line for line; \
                copy it from the example (its indentation may be left out):
                \(snippet)
                """)
        }
        let shown = snippets.joined(separator: "\n")
        for needed in ["FlagsEnvironment.open(", "checkGeneratedCode()", "AppContainer.shared.register(", "featureFlagsProvider.isEnabled(."] {
            #expect(shown.contains(needed), "README.md's adoption snippet does not show \(needed)")
        }
        #expect(shown.components(separatedBy: "\n").count <= 20, "README.md's adoption is meant to be short: \(shown)")
    }

    @Test func holdsMeansWholeLinesIndentedAlike() {
        let file = "struct A {\n    let x = 1\n    let y = 2\n}\n"
        #expect(Self.holds(file, "let x = 1\nlet y = 2"))
        #expect(Self.holds(file, "struct A {"))
        #expect(!Self.holds(file, "let x = 1\n    let y = 2"))
        #expect(!Self.holds(file, "let x ="))
    }
}

