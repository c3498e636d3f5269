import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Prefs
import Testing
import FlagsTool

/// The beta and release branches of the channel gate, compiled and run inside `swift test`:
/// the test suite itself is a developer build, so without this only CI scripts ever compiled
/// them. `flag-probe` is built with the README's beta and release flags, each in its own
/// scratch folder under `.build` (so the build of this suite is not disturbed and later runs are
/// incremental), then asked what a store holding a developer build's override gives.
@Suite(.serialized, .enabled(if: SwiftToolchain.swift != nil, "no `swift` found to build the beta and release probes"))
struct ChannelBuildTests {
    let folder = TemporaryDirectory()

    @Test(arguments: ChannelProbe.allCases)
    func aBuildHonoursAStoredOverrideOnlyWhereItsChannelAllows(probe: ChannelProbe) throws {
        let binary = try probe.build()
        let registry = try BibimbapDemo.materialize(in: folder.file("app"))
        let store = folder.file("store/prefs.sqlite")
        let baseline = try probe.ask(binary, registry: registry, store: store)
        #expect(baseline.hasPrefix("channel=\(probe.rawValue) "), "a \(probe) build says \(baseline)")
        let nimbusValue = baseline.hasSuffix("enabled=true")

        try SQLitePrefs(path: store).setBool(!nimbusValue, forKey: "newBibimbapMenuDebugKey")
        let expected = probe.honoursOverrides ? !nimbusValue : nimbusValue
        #expect(try probe.ask(binary, registry: registry, store: store) == "channel=\(probe.rawValue) enabled=\(expected)")
    }
}
