import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Prefs
import Testing
import FlagsTool
import TestHelpers

/// A store written by a developer build holds an override; what an app built like this test
/// answers depends only on its build: developer and beta builds honour it, a release build never
/// does. `flag-probe` is built the same way as this test; `ChannelBuildTests` builds it with the
/// beta and release flags and runs the same check on each, and `.ci/release-gate` once more on
/// the release build CI makes.
@Suite struct ReleaseGateTests {
    let folder = TemporaryDirectory()

    @Test func anOverrideInTheStoreChangesAValueOnlyWhereTheBuildAllowsIt() throws {
        let registry = try BibimbapDemo.materialize(in: folder.file("app"))
        let store = folder.file("store/prefs.sqlite")
        let baseline = try BuiltProgram.run(BuiltProgram.path(of: "flag-probe"), [registry, store, "newBibimbapMenu"])
        try #require(baseline.status == 0, "\(baseline.errors)")
        #expect(baseline.output.hasPrefix("channel=\(BuildChannel.current.rawValue) "))
        let nimbusValue = baseline.output.contains("enabled=true")

        // The store now holds the opposite override, as `flags set` in a developer build writes it.
        try SQLitePrefs(path: store).setBool(!nimbusValue, forKey: "newBibimbapMenuDebugKey")

        let probe = try BuiltProgram.run(BuiltProgram.path(of: "flag-probe"), [registry, store, "newBibimbapMenu"])
        #expect(probe.status == 0, "\(probe.errors)")
        let expected = BuildChannel.current.allowsDebugOverrides ? !nimbusValue : nimbusValue
        #expect(probe.output == "channel=\(BuildChannel.current.rawValue) distribution=\(Distribution.current.rawValue) enabled=\(expected)\n")
    }
}
