import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Testing
@testable import FlagsTool
import TestHelpers
import TestTraits

extension Swiftc {
    /// The demo's `build-flags:` as the generated `BuildFlags` struct: compiled with the library
    /// into a program, `init(distribution:)` gives each distribution's values from the registry,
    /// `register(in:)` puts this build's into the container, and the struct decodes from JSON.
    @Suite struct BuildFlagsGenerationTests {
        @Test(.disabled(if: LibraryCompiler.unavailable != nil, "\(LibraryCompiler.unavailable ?? "")"))
        func eachDistributionGetsItsValuesAndTheContainerThisBuilds() throws {
            let demo = try DemoFixture()
            #expect(demo.registry.buildFlags.map(\.name) == ["featureX", "requireOnboarding", "requirePaywall"])
            let source = FeatureFlagSwiftGenerator(registry: demo.registry, registryName: "feature-flags.yaml").source
            let main = """
                import FeatureFlags
                import Foundation

                @main struct Main {
                    static func main() throws {
                        for distribution in Distribution.allCases {
                            let flags = BuildFlags(distribution: distribution)
                            print(distribution.rawValue, flags.requirePaywall, flags.requireOnboarding, flags.featureX)
                        }
                        BuildFlags.register()
                        let registered: BuildFlags = AppContainer.shared.resolve()
                        print("registered:", registered == BuildFlags(distribution: .current))
                        let decoded = try JSONDecoder().decode(BuildFlags.self, from: Data(#"{"featureX":true,"requireOnboarding":false,"requirePaywall":false}"#.utf8))
                        print("decoded:", decoded.featureX, decoded.requireOnboarding, decoded.requirePaywall)
                    }
                }
                """
            let result = try LibraryCompiler.buildAndRun(["FeatureFlagID.swift": source, "main.swift": main], in: demo.folder.path)
            #expect(result.status == 0, "\(result.output)")
            let expected = Distribution.allCases.map { distribution in
                let value = { (name: String) in demo.registry.buildFlags.first { $0.name == name }!.value(in: distribution) }
                return "\(distribution.rawValue) \(value("requirePaywall")) \(value("requireOnboarding")) \(value("featureX"))"
            }
            #expect(result.output == (expected + ["registered: true", "decoded: true false false"]).joined(separator: "\n") + "\n")
            #expect(expected == ["debug true true true", "testflight false true true", "appstore true true false"],
                    "the demo's flags are the seed's: everything on in Debug, no paywall in TestFlight, unfinished work off in the App Store")
        }
    }
}
