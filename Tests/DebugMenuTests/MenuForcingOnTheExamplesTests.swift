@testable import DebugMenu
import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers

/// Forcing a branch from the Experiments screen of the Firefox for iOS example, whose registry
/// calls the app `firefox-ios` where its records say `firefox_ios`: the menu decides the
/// record's app by the context's `app_name`, as `flags enroll` does.
@Suite struct MenuForcingOnTheExamplesTests {
    let folder = TemporaryDirectory()

    @Test func theExperimentsScreenForcesAFirefoxRecord() throws {
        let environment = try FlagsEnvironment.open(FlagsOptions(
            configPath: FirefoxExample.registryPath, storePath: folder.file("prefs.sqlite"),
            nimbusID: "3d2142de-53bf-2d48-a92d-45fb7036cbf6", environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path]))
        let controller = FeatureFlagsDebugViewController(environment: environment)
        try controller.forceBranch("control", of: "ios-trending-searches")
        #expect(controller.screen.message == "Forced ios-trending-searches/control: enrolled.")
    }
}
