import BibimbapData
import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Prefs
import TestHelpers
import Testing
import TestTraits

/// A store written by a developer build holds an override; what an app built like this test
/// answers depends only on its build: developer and beta builds honor it, a release build never
/// does. `flag-probe` is built the same way as this test; `CompileConditionsTests` checks the
/// rule for every other configuration in this build, and `.ci/release-gate` and
/// `.ci/app-channel-check` run the same check on the release, beta, TestFlight and App Store
/// builds CI makes.
@Suite(.blocking) struct ReleaseGateTests {
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
