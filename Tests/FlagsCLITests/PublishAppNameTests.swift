import FeatureFlagsTestSupport
import Foundation
import Formats
import Testing
import TestHelpers
import TestTraits

/// `flags publish` warns about a recipe for another app by the app name Nimbus sees: a
/// registry's `context:` may give it (Firefox for iOS's `firefox_ios` under `app: firefox-ios`).
/// No server is needed: the warning comes before the write, which then fails to connect.
@Suite(.blocking) struct PublishAppNameTests {
    let flags = FlagsInFolder(environment: ["FLAGS_REMOTE_TOKEN": "not-a-real-token"])

    private func publish(appName: String) throws -> BuiltProgram.Result {
        let records = try JSONParser.parse(String(contentsOfFile: SwiftToolchain.packageRoot + "/Examples/firefox-ios/experiments.json", encoding: .utf8))
        guard case .object(var recipe)? = records["data"]?.arrayValue?.first else { throw CocoaError(.fileReadCorruptFile) }
        recipe["appName"] = .string(appName)
        let file = flags.folder.write(JSONValue.object(recipe).prettyText, to: "recipe.json")
        return try flags.run("--config", FirefoxExample.registryPath, "publish", file, "--remote", "http://127.0.0.1:9", status: 1)
    }

    @Test func aRecipeForTheAppNameTheContextGivesIsNotWarnedAbout() throws {
        #expect(!(try publish(appName: "firefox_ios")).errors.contains("warning:"))
        let other = try publish(appName: "fenix")
        #expect(other.errors.contains("appName `fenix` is not this app's (`firefox_ios`), so its clients will not enroll"))
    }
}
