import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Testing
@testable import FlagsTool
import TestHelpers
import TestTraits

extension Swiftc {
    /// What an app does with the generated source: compiled with the library into a program that
    /// opens its flags, initializes the container and reads a typed value at run time.
    @Suite struct GeneratedFeaturesProgramTests {
        @Test(.disabled(if: LibraryCompiler.unavailable != nil, "\(LibraryCompiler.unavailable ?? "")"))
        func aProgramReadsTheTypedValueOfItsChannel() throws {
            let shop = ShopFixture()
            let main = """
                import FeatureFlags

                @main struct Main {
                    static func main() throws {
                        let arguments = CommandLine.arguments
                        print("before:", ShopNimbus.shared.features.shopFeature.value().greeting)
                        let flags = try FlagsEnvironment.open(FlagsOptions(
                            configPath: arguments[1], storePath: arguments[2], channel: .release, environment: ["FLAGS_NO_CACHE": "1"]))
                        ShopNimbus.shared.initialize(with: NimbusFeatureValues(environment: flags))
                        let shop = ShopNimbus.shared.features.shopFeature
                        print("release:", shop.value().greeting, shop.value().enabled, shop.value().prices[.delivery] ?? -1)
                        shop.recordExposure()
                        print("exposures:", FeatureExposures(prefs: flags.prefs).count(of: "shop-feature"))
                    }
                }
                """
            let result = try LibraryCompiler.buildAndRun(["Features.swift": try shop.generatedSource(), "main.swift": main],
                                                         in: shop.folder.path, arguments: [shop.registryPath, shop.folder.file("prefs.sqlite")])
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output == "before: Hi developer\nrelease: Hello false 2\nexposures: 1\n")
        }
    }
}
