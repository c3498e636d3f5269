@testable import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Testing
@testable import FlagsTool
import TestHelpers
import TestTraits

extension Swiftc {
    /// `Examples/firefox-ios/feature-flags.yaml` over the real Firefox for iOS manifest, kept beside
    /// it in `manifest/`.
    @Suite
    struct FirefoxExampleTests {
        @Test func loadsWithOneDebuggableFlagPerChosenVariableAndStartAtHome() throws {
            let registry = try FeatureFlagRegistry.load(path: FirefoxExample.registryPath)
            #expect(registry.app == "firefox-ios")
            #expect(registry.flags.count >= 40)
            #expect(registry.flags.allSatisfy { $0.isNimbusConfigured && $0.debugKey == $0.rawValue + "DebugKey" })
            #expect(try registry.flag("translation").definition.nimbus == .init(feature: "translations-feature", variable: "enabled"))
            let variables = registry.flags.compactMap(\.definition.nimbus)
            #expect(Set(variables).count == variables.count, "no two flags read the same variable")
            let startAtHome = try registry.preference("startAtHome")
            #expect(startAtHome.enumName == "StartAtHome" && startAtHome.variants == ["afterFourHours", "always", "disabled"])
            for flag in registry.flags {
                let status = try #require(flag.definition.debug?.status)
                #expect(!status.isEmpty && status.count <= 70, "\(flag.rawValue): a short status line")
            }
        }

        @Test(.enabled(if: SwiftTypechecker.compiler != nil, "needs swiftc"))
        func generatedSwiftCompiles() throws {
            let registry = try FeatureFlagRegistry.load(path: FirefoxExample.registryPath)
            let source = FeatureFlagSwiftGenerator(registry: registry, registryName: "feature-flags.yaml").source
            #expect(source.contains("    static let translation = FeatureFlagID(FeatureFlagDefinition(\n") && source.contains("enum StartAtHome: String, CaseIterable, Sendable"))
            let folder = TemporaryDirectory()
            let result = try SwiftTypechecker.typecheck(source, in: folder.path)
            #expect(result.status == 0, "\(result.diagnostics)")
        }
    }
}
