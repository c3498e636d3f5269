import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Formats
import Nimbus
import Prefs
import Testing
import TestHelpers

/// The context an app's client is evaluated in, built from the registry, the store and the
/// options, and the enrollments an evaluation keeps for the next one.
@Suite struct ClientContextTests {
    let folder = TemporaryDirectory()

    /// A registry with `context`, one experiment whose targeting is `targeting`.
    private func app(context: String = "", targeting: String) -> String {
        SearchFeatureManifest.write(in: folder, enabled: false)
        let record: [String: Any] = [
            "schemaVersion": "1.12.0", "slug": "exp", "userFacingName": "Exp", "userFacingDescription": "Exp",
            "isEnrollmentPaused": false, "proposedEnrollment": 7, "appName": "demo", "targeting": targeting,
            "bucketConfig": ["randomizationUnit": "nimbus_id", "namespace": "ns", "start": 0, "count": 10000, "total": 10000],
            "branches": [["slug": "treatment", "ratio": 1, "features": [["featureId": "search-feature", "value": ["enabled": true]]]]],
        ]
        folder.write(try! JSONSerialization.data(withJSONObject: ["data": [record]]), to: folder.file("experiments.json"))
        return folder.write("app: demo\nmanifest: nimbus.fml.yaml\nexperiments: experiments.json\nflags:\n"
                            + "  search: { feature: search-feature }\n" + context, to: "feature-flags.yaml")
    }

    private func open(_ registry: String, context: [String: JSONValue] = [:], channel: ChannelName? = nil) throws -> FlagsEnvironment {
        try FlagsEnvironment.open(FlagsOptions(configPath: registry, storePath: folder.file("prefs.sqlite"), channel: channel, context: context,
                                               workingDirectory: folder.path,
                                               environment: ["HOME": folder.path, "FLAGS_NO_CACHE": "1", "LANG": "de_AT.UTF-8"]))
    }

    private func status(_ environment: FlagsEnvironment) -> EnrollmentStatus? { environment.experiments.enrollments.first?.status }

    @Test func theContextHasTheSDKsAttributesFromTheRegistryAndTheStore() throws {
        let registry = app(context: "context:\n  app_version: \"121.0\"\n  os: iOS\n  is_default_browser: true\n  is_first_run: false\n", targeting: "true")
        let context = try open(registry).experiments.context
        #expect(context["app_name"] == .string("demo"))
        #expect(context["app_version"] == .string("121.0"))
        #expect(context["os"] == .string("iOS"))
        #expect(context["os_version"] == .null)
        #expect(context["device_model"] == .null)
        #expect(context["is_default_browser"] == .bool(true))
        #expect(context["is_first_run"] == .bool(false), "the registry's value wins over the tool's")
        #expect(context["locale"] == .string("de-AT"))
        #expect(context["language"] == .string("de"))
        #expect(context["region"] == .string("AT"))
        #expect(context["days_since_install"] == .int(0))
        #expect(context["days_since_update"] == .int(0))
        #expect(context["nimbus_id"] == .string(NimbusClientStore(prefs: try open(registry).prefs).storedNimbusID ?? "?"))
        #expect(context["active_experiments"] == .array([.string("exp")]))
        #expect(context["enrollments_map"] == .object(["exp": .string("treatment")]))
        // `--context` wins over everything, and the evaluation does not replace it.
        let preview = try open(registry, context: ["os": .string("Android"), "active_experiments": .array([])]).experiments.context
        #expect(preview["os"] == .string("Android"))
        #expect(preview["active_experiments"] == .array([]))
    }

    /// `is_already_enrolled` means what it means on a device: enrolled at the previous evaluation.
    @Test func anEnrollmentIsKeptUntilTheNextRun() throws {
        let targeting = "app_version == '1.0' || is_already_enrolled"
        let first = app(context: "context:\n  app_version: \"1.0\"\n", targeting: targeting)
        #expect(status(try open(first)) == .enrolled(branch: "treatment"))
        let store = NimbusClientStore(prefs: try open(first).prefs)
        #expect(store.enrollments == [StoredEnrollment(slug: "exp", isRollout: false, state: .enrolled(branch: "treatment"))])
        // The app is updated: version 2.0 no longer matches, but the client is already enrolled.
        let updated = app(context: "context:\n  app_version: \"2.0\"\n", targeting: targeting)
        let second = try open(updated)
        #expect(status(second) == .enrolled(branch: "treatment"))
        #expect(second.provider.isEnabled(try second.registry.flag("search")))
        #expect(second.prefs.branch("nimbus").stringForKey("appVersion") == "2.0")
        #expect(second.experiments.context["days_since_update"] == .int(0))
    }

    @Test func targetingThatStopsMatchingDisqualifiesForGood() throws {
        _ = try open(app(targeting: "true"))
        #expect(status(try open(app(targeting: "false"))) == .notEnrolled(.disqualified(.notTargeted)))
        // Matching again does not bring the client back.
        let again = try open(app(targeting: "true"))
        #expect(status(again) == .notEnrolled(.disqualified(.notTargeted)))
        #expect(!again.provider.isEnabled(try again.registry.flag("search")))
    }

    /// `--context`, `--channel`, another `--nimbus-id` and the menu's channel preview are
    /// previews: they keep nothing.
    @Test func previewsKeepNothing() throws {
        let registry = app(targeting: "is_already_enrolled == false && os == 'Android'")
        let preview = try open(registry, context: ["os": .string("Android")])
        #expect(status(preview) == .enrolled(branch: "treatment"))
        #expect(NimbusClientStore(prefs: preview.prefs).enrollments.isEmpty)
        _ = try open(registry, channel: .beta)
        _ = try open(registry).previewing(.release)
        #expect(NimbusClientStore(prefs: preview.prefs).enrollments.isEmpty == false, "the plain open keeps its result")
        let kept = NimbusClientStore(prefs: preview.prefs).enrollments
        _ = try open(registry, context: ["os": .string("Android")]).previewing(.beta)
        #expect(NimbusClientStore(prefs: preview.prefs).enrollments == kept)
        #expect(kept.map(\.state) == [.notEnrolled(featureConflict: false)])
    }

    @Test(arguments: [
        ("  days_since_install: 3\n", "`context.days_since_install` is computed by the Nimbus SDK"),
        ("  nimbus_id: x\n", "`context.nimbus_id` is computed by the Nimbus SDK"),
        ("  channel: beta\n", "`context.channel` comes from the build's channel; remove it, or preview another with --channel CHANNEL"),
        ("  app_version: 121.0\n", "`context.app_version` must be a string (quote it: app_version: \"121.0\"), as the SDK's AppContext has it; found number"),
        ("  installation_date: \"2024\"\n", "`context.installation_date` must be an integer (milliseconds since 1970)"),
    ])
    func aContextTheSDKWouldNotTakeIsRefused(block: String, message: String) throws {
        let registry = app(context: "context:\n" + block, targeting: "true")
        let error = #expect(throws: (any Error).self) { try FeatureFlagRegistry.load(path: registry) }
        #expect("\(error.map { "\($0)" } ?? "")".contains(message), "\(String(describing: error))")
    }

    /// An app whose Nimbus app name is no folder name (Firefox for iOS's `firefox_ios`) gives it
    /// in `context:`, and its records apply.
    @Test func theRegistryContextMayNameTheNimbusApp() throws {
        let registry = app(context: "context:\n  app_name: demo_app\n  app_id: org.example.demo\n", targeting: "true")
        let experiments = try open(registry).experiments
        #expect(experiments.context["app_name"] == .string("demo_app"))
        #expect(experiments.context["app_id"] == .string("org.example.demo"))
        #expect(experiments.client.appName == "demo_app")
        // The record is for `demo`, the registry's `app:`, so now it is another app's.
        #expect(status(try open(registry)) == .notEnrolled(.otherApp))
    }
}
