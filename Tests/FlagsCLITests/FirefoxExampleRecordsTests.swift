import FeatureFlagsTestSupport
import Foundation
import Formats
import Nimbus
import Testing
import TestHelpers
import TestTraits

/// `Examples/firefox-ios/experiments.json`: records written for this repository in the shape
/// Experimenter publishes for Firefox for iOS, evaluated by the real `flags` for a fixed client.
@Suite(.blocking) struct FirefoxExampleRecordsTests {
    static let id = "3d2142de-53bf-2d48-a92d-45fb7036cbf6"
    let folder = TemporaryDirectory()

    func flags(_ arguments: [String]) throws -> BuiltProgram.Result {
        try BuiltProgram.run(BuiltProgram.flags, ["--config", FirefoxExample.registryPath, "--nimbus-id", Self.id] + arguments,
                             environment: ["FLAGS_STORE": folder.file("prefs.sqlite"), "LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""])
    }

    func records(_ arguments: [String] = []) throws -> [String: JSONValue] {
        let result = try flags(arguments + ["experiments", "--json"])
        #expect(result.status == 0, "\(result.errors)")
        let json = try JSONParser.parse(result.output)
        #expect(json["client"]?["appName"] == .string("firefox_ios"))
        return Dictionary(uniqueKeysWithValues: (json["records"]?.arrayValue ?? []).map { ($0["slug"]?.stringValue ?? "", $0) })
    }

    @Test func everyRecordHasTheStatusItWasWrittenFor() throws {
        let records = try records()
        #expect(records.count == 7)
        #expect(records["ios-homepage-search-bar"]?["status"] == .string("enrolled"))
        #expect(records["ios-toolbar-refactor-rollout"]?["status"] == .string("enrolled"))
        #expect(records["ios-toolbar-refactor-rollout"]?["type"] == .string("rollout"))
        #expect(records["ios-onboarding-modern-ui"]?["reason"] == .string("not-targeted"))
        #expect(records["ios-microsurvey-prompt"]?["reason"] == .string("paused"))
        #expect(records["ios-translations-beta"]?["reason"] == .string("other-channel"))
        #expect(records["ios-homepage-stories-categories"]?["reason"] == .string("feature-conflict"))
        #expect(records["ios-homepage-stories-categories"]?["explanation"]
                == .string("not enrolled: feature conflict: `ios-homepage-search-bar` already holds feature `homepage-redesign-feature` for this client"))
        #expect(records["ios-trending-searches"]?["reason"] == .string("not-selected"))
        let bucket = try #require(Sampling.bucket(nimbusID: Self.id, namespace: "firefox-ios-trending-searches-feature-developer-experiment-1", total: 10_000))
        #expect(records["ios-trending-searches"]?["explanation"]?.stringValue?.contains("this client is in bucket \(bucket) of 10000; the record takes buckets 0–99") == true)
    }

    @Test func theirTargetingReadsWhatTheRegistryGivesNimbus() throws {
        // A first run within a week enrolls in the onboarding experiment; another language leaves
        // the homepage experiment, and the homepage feature goes to the later record.
        let firstRun = try records(["--context", "is_first_run=true"])
        #expect(firstRun["ios-onboarding-modern-ui"]?["status"] == .string("enrolled"))
        let korean = try records(["--context", "language=ko"])
        #expect(korean["ios-homepage-search-bar"]?["reason"] == .string("not-targeted"))
        #expect(korean["ios-homepage-stories-categories"]?["status"] == .string("enrolled"))
        // An older app version is targeted by none of them.
        let old = try records(["--context", "app_version=119.0"])
        #expect(old.values.allSatisfy { $0["status"] != .string("enrolled") })
        let beta = try records(["--channel", "beta"])
        #expect(beta["ios-translations-beta"]?["status"] == .string("enrolled"))
    }

    @Test func flagsReadTheEnrolledValues() throws {
        let result = try flags(["get", "toolbarOneTapNewTab", "--json"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("\"enabled\": true"))
        #expect(result.output.contains("ios-toolbar-refactor-rollout"), "\(result.output)")
        let info = try flags(["info", "ios-homepage-search-bar"])
        #expect(info.status == 0, "\(info.errors)")
        #expect(info.output.contains("  app:         `firefox_ios` (appId `org.mozilla.ios.Firefox`); this client is `firefox_ios`"))
        #expect(info.output.contains("    search-bar-pinned-header  ratio 1 (33.3%)"))
    }
}
