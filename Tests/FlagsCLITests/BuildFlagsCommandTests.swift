import FeatureFlags
import FeatureFlagsTestSupport
import FlagsCLI
import Foundation
import Formats
import Testing

/// `flags build-flags` on the demo: each flag's value in the chosen distribution and in all three.
@Suite struct BuildFlagsCommandTests {
    let flags = InProcessFlags(environment: ["FLAGS_NO_CACHE": "1"])
    var folder: TemporaryDirectory { flags.folder }

    private func run(_ arguments: String...) -> (status: Int32, console: Console) {
        flags.run(arguments)
    }

    @Test func theAppStoreBuildHidesUnfinishedWorkAndTestFlightSkipsThePaywall() throws {
        let appstore = try JSONParser.parse(run("build-flags", "--distribution", "appstore", "--json").console.output)
        let values = Dictionary(uniqueKeysWithValues: try #require(appstore.arrayValue).map { ($0["name"]!.stringValue!, $0["value"]!) })
        #expect(values == ["featureX": .bool(false), "requireOnboarding": .bool(true), "requirePaywall": .bool(true)])
        let testflight = run("build-flags", "--distribution", "TestFlight")
        #expect(testflight.status == 0)
        #expect(testflight.console.output.contains("BUILD FLAG") && testflight.console.output.contains("VALUE (testflight)"))
        #expect(testflight.console.output.split(separator: "\n").contains { $0.hasPrefix("requirePaywall") && $0.contains(" off ") })
    }

    @Test func anUnknownDistributionIsAUsageError() {
        let result = run("build-flags", "--distribution", "beta")
        #expect(result.status == 2 && result.console.errors.contains("unknown distribution 'beta'; expected debug, testflight or appstore"))
    }
}
