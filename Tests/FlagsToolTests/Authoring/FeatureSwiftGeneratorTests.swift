@testable import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Testing
@testable import FlagsTool
import TestHelpers
import TestTraits

extension Swiftc {
    @Suite struct FeatureSwiftGeneratorTests {
        let demo = try! DemoFixture()

        private func source(_ registry: FeatureFlagRegistry, channel: String = "developer") -> String {
            FeatureSwiftGenerator(manifest: registry.manifest, app: registry.app, channel: channel, manifestName: "nimbus.fml.yaml").source
        }

        @Test func everyFMLTypeMapsToItsSwiftType() throws {
            let source = try ShopFixture().generatedSource()
            #expect(source.contains("final class ShopNimbus: Sendable {\n    static let shared = ShopNimbus()"))
            #expect(source.contains("        let shopFeature: FeatureHolder<ShopFeature>\n"))
            #expect(source.contains("            shopFeature = FeatureHolder(source: source, featureId: \"shop-feature\")"))
            #expect(source.contains("    enum ShopMode: String, FeatureEnum {"))
            #expect(source.contains("        case walkIn = \"walk-in\"\n") && source.contains("        case delivery\n"))
            #expect(source.contains("    struct Card: FeatureObject, Equatable {"))
            #expect(source.contains("    struct ShopFeature: TypedFeature, Equatable {"))
            for declaration in ["var enabled: Bool", "var greeting: String", "var mode: ShopMode", "var limit: Int?",
                                "var tags: [String]", "var prices: [ShopMode: Int]", "var card: Card", "var cards: [String: Card]"] {
                #expect(source.contains("        \(declaration)\n"), "\(declaration)")
            }
        }

        @Test func defaultsAreTheManifestsForTheChannel() throws {
            let fixture = ShopFixture()
            let registry = try FeatureFlagRegistry.load(path: fixture.registryPath)
            let developer = source(registry, channel: "developer")
            for parameter in ["enabled: Bool = true,", "greeting: String = \"Hi developer\",", "mode: ShopMode = .walkIn,",
                              "limit: Int? = nil,", "tags: [String] = [\"fresh\"],", "prices: [ShopMode: Int] = [.delivery: 2, .walkIn: 1],",
                              "card: Card = Card(title: \"Welcome\", size: 1),", "cards: [String: Card] = [\"top\": Card(title: \"Top\", size: 1)]\n"] {
                #expect(developer.contains("            " + parameter), "\(parameter)")
            }
            #expect(developer.contains("init(title: String = \"Welcome\", size: Int = 1)"))
            let release = source(registry, channel: "release")
            #expect(release.contains("            enabled: Bool = false,\n            greeting: String = \"Hello\",\n"))
            #expect(release.contains("// Written defaults are those of channel release;"))
        }

        @Test func sameManifestSameBytes() throws {
            let again = try FeatureFlagRegistry.load(path: demo.registry.path)
            #expect(source(demo.registry) == source(again))
        }

        /// The checked-in `ShopFeatures.swift`, which the holder tests compile and run, is what the
        /// generator writes today. `FLAGS_UPDATE_GENERATED=1 swift test --filter FeatureSwiftGeneratorTests` rewrites it.
        @Test func checkedInShopFeaturesAreUpToDate() throws {
            let path = SwiftToolchain.packageRoot + "/Tests/FeatureFlagsTests/Features/ShopFeatures.swift"
            let generated = try ShopFixture().generatedSource()
            if ProcessInfo.processInfo.environment["FLAGS_UPDATE_GENERATED"] == "1" {
                try generated.write(toFile: path, atomically: true, encoding: .utf8)
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == generated,
                    "Tests/FeatureFlagsTests/Features/ShopFeatures.swift is stale: run FLAGS_UPDATE_GENERATED=1 swift test --filter FeatureSwiftGeneratorTests")
        }

        @Test(.disabled(if: LibraryCompiler.unavailable != nil, "\(LibraryCompiler.unavailable ?? "")"))
        func demoSourceCompilesAgainstTheLibraryInSwift6WithoutWarnings() throws {
            let folder = TemporaryDirectory()
            let result = try LibraryCompiler.typecheck(["Features.swift": source(demo.registry)], in: folder.path)
            #expect(result.status == 0, "\(result.output)")
        }

        @Test(.disabled(if: LibraryCompiler.unavailable != nil, "\(LibraryCompiler.unavailable ?? "")"))
        func firefoxSourceCompilesAgainstTheLibraryInSwift6WithoutWarnings() throws {
            let registry = try FeatureFlagRegistry.load(path: FirefoxExample.registryPath)
            let generated = source(registry)
            #expect(generated.contains("final class FirefoxIosNimbus: Sendable {"))
            #expect(generated.contains("let messaging: FeatureHolder<Messaging>"))
            let folder = TemporaryDirectory()
            // Beside the flags' own source, as an app compiles both into one target.
            let flagIDs = FeatureFlagSwiftGenerator(registry: registry, registryName: "feature-flags.yaml").source
            let result = try LibraryCompiler.typecheck(["Features.swift": generated, "FeatureFlagID.swift": flagIDs], in: folder.path)
            #expect(result.status == 0, "\(result.output)")
        }

        /// Names that are keywords, clash with the container's members or Swift's own types, or are
        /// not identifiers at all; descriptions that try to end the comment they are in.
        @Test(.disabled(if: LibraryCompiler.unavailable != nil, "\(LibraryCompiler.unavailable ?? "")"))
        func awkwardNamesAndHostileDescriptionsStillCompile() throws {
            let folder = TemporaryDirectory()
            folder.write("""
                channels: [developer]
                features:
                  features:
                    description: "A feature called features.\\r}\\nstruct Injected {}\\u2028let x = 1"
                    variables:
                      default: { description: A keyword., type: Boolean, default: false }
                      self: { description: Another., type: Int, default: 2 }
                      two-words: { description: A dash., type: Odd-Mode, default: 9lives }
                      two_words: { description: Collides once camel-cased., type: "Option<List<Map<String, Int>>>", default: null }
                  bool:
                    description: Would hide Swift's Bool.
                    variables:
                      enabled: { description: On., type: Boolean, default: true }
                  9-lives:
                    description: A leading digit.
                    variables: {}
                enums:
                  Odd-Mode:
                    description: Awkward variants.
                    variants:
                      default: { description: A keyword. }
                      Type: { description: A reserved member name. }
                      two-words: { description: A dash. }
                      two_words: { description: Collides once sanitised. }
                      9lives: { description: 'A leading digit. */ "' }
                objects:
                  Features:
                    description: Would hide the container's Features.
                    fields:
                      String: { description: Would hide Swift's String., type: String, default: "quote \\" and backslash \\\\" }
                """, to: "nimbus.fml.yaml")
            let registry = folder.write("app: odd-app\nmanifest: nimbus.fml.yaml\nflags: {}\n", to: "feature-flags.yaml")
            let generated = source(try FeatureFlagRegistry.load(path: registry))
            #expect(!generated.split(separator: "\n").contains { $0.hasPrefix("struct Injected") || $0.hasPrefix("let x") })
            #expect(generated.contains("final class OddAppNimbus: Sendable {"))
            let result = try LibraryCompiler.typecheck(["Features.swift": generated], in: folder.path)
            #expect(result.status == 0, "\(result.output)\n\(generated)")
        }
    }
}
