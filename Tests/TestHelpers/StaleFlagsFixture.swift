import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Formats
import Prefs

/// An app with one flag of each kind `flags stale` tells apart, written into a temporary folder:
/// `shipped` (on in every channel, in no record, not overridden: the only one to retire),
/// `split` (on in developer only), `rolled` (set by a rollout this client is not enrolled in),
/// `overridden` (a debug override is stored) and `userSetting` (users switch it). The manifest
/// also has `sibling-feature`, whose `other` variable a record sets: `withSibling` adds a flag on
/// its `enabled`, which that record leaves alone.
public struct StaleFlagsFixture {
    public let folder = TemporaryDirectory()
    public let registryPath: String
    public let recordsPath: String
    public let storePath: String

    public static let manifest = """
        channels: [developer, beta, release]
        features:
          shipped-feature:
            description: Shipped long ago.
            variables:
              enabled: { description: On., type: Boolean, default: true }
          split-feature:
            description: Still being tried in developer builds.
            variables:
              enabled: { description: On., type: Boolean, default: false }
            defaults:
              - channel: developer
                value: { enabled: true }
          rolled-feature:
            description: On everywhere, and being rolled out on beta.
            variables:
              enabled: { description: On., type: Boolean, default: true }
          overridden-feature:
            description: On everywhere, and a tester overrode it.
            variables:
              enabled: { description: On., type: Boolean, default: true }
          user-feature:
            description: A setting users switch.
            variables:
              enabled: { description: On., type: Boolean, default: true }
          sibling-feature:
            description: Two variables; a record sets only the other one.
            variables:
              enabled: { description: On., type: Boolean, default: true }
              other: { description: The other one., type: Boolean, default: false }
        """

    public static let registry = """
        app: stale
        manifest: nimbus.fml.yaml
        experiments: records.json
        flags:
          overridden: { feature: overridden-feature, debug: { title: Overridden, status: x } }
          rolled: { feature: rolled-feature, debug: { title: Rolled, status: x } }
          shipped: { feature: shipped-feature, debug: { title: Shipped, status: x } }
          split: { feature: split-feature, debug: { title: Split, status: x } }
          userSetting: { feature: user-feature, userPrefsKey: UserSettingKey }
        """

    /// `registry` with a flag `sibling` on sibling-feature's `enabled`.
    public static let withSibling = registry + "\n  sibling: { feature: sibling-feature }"

    /// A record on `feature` setting `value`, for beta only and paused: no client is enrolled.
    public static func record(_ slug: String, feature: String, value: JSONValue, isRollout: Bool) -> JSONValue {
        .object([
            "schemaVersion": .string("1.12.0"), "slug": .string(slug), "appName": .string("stale"), "appId": .string("stale"),
            "userFacingName": .string(slug), "userFacingDescription": .string("test"), "isEnrollmentPaused": .bool(true),
            "isRollout": .bool(isRollout), "proposedEnrollment": .int(7), "targeting": .string("true"), "channel": .string("beta"),
            "featureIds": .array([.string(feature)]),
            "bucketConfig": .object(["randomizationUnit": .string("nimbus_id"), "namespace": .string(slug),
                                     "start": .int(0), "count": .int(10_000), "total": .int(10_000)]),
            "branches": .array([
                .object(["slug": .string("control"), "ratio": .int(1),
                         "features": .array([.object(["featureId": .string(feature), "value": .object([:])])])]),
                .object(["slug": .string("treatment"), "ratio": .int(1),
                         "features": .array([.object(["featureId": .string(feature), "value": value])])]),
            ]),
        ])
    }

    public static let records: [JSONValue] = [
        record("rolled-rollout", feature: "rolled-feature", value: .object(["enabled": .bool(false)]), isRollout: true),
        record("sibling-test", feature: "sibling-feature", value: .object(["other": .bool(true)]), isRollout: false),
    ]

    /// The app's files, with the override of `overridden` stored (on, as `flags set` stores it).
    public init(registry: String = Self.registry, records: [JSONValue] = Self.records) throws {
        folder.write(Self.manifest, to: "nimbus.fml.yaml")
        registryPath = folder.write(registry, to: "feature-flags.yaml")
        recordsPath = folder.write(JSONValue.object(["data": .array(records)]).prettyText, to: "records.json")
        storePath = folder.file("prefs.sqlite")
        try SQLitePrefs(path: storePath).setBool(true, forKey: FeatureFlagID.debugKey(for: "overridden"))
    }

    /// The environment a `flags` command opens on the fixture.
    public func environment(_ channel: BuildChannel = .developer) throws -> FlagsEnvironment {
        try FlagsEnvironment.open(FlagsOptions(
            configPath: registryPath, storePath: storePath, channel: ChannelName(channel),
            nimbusID: "00000000-0000-4000-8000-000000000001", workingDirectory: folder.path,
            environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path, "FLAGS_NO_CACHE": "1"]))
    }
}
