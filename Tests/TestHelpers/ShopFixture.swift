import FeatureFlags
import FlagsTool
import FeatureFlagsTestSupport
import Foundation
import Formats

/// A small app whose manifest uses every FML type the feature generator maps, written into a
/// temporary folder; `ShopFeatures.swift` beside this file is `flags generate --features` of it.
public struct ShopFixture {
    public let folder = TemporaryDirectory()
    public let registryPath: String

    public static let manifest = """
        channels: [developer, beta, release]
        features:
          shop-feature:
            description: The shop front.
            variables:
              enabled: { description: Whether the shop is open., type: Boolean, default: false }
              greeting: { description: What the door says., type: Text, default: Hello }
              mode: { description: How orders arrive., type: ShopMode, default: walk-in }
              limit: { description: Most items per order; none when nil., type: Option<Int>, default: null }
              tags: { description: Labels on the front., type: List<String>, default: [fresh] }
              prices: { description: Price per mode., type: "Map<ShopMode, Int>", default: { walk-in: 1, delivery: 2 } }
              card: { description: The card at the door., type: Card, default: {} }
              cards: { description: Cards by shelf., type: "Map<String, Card>", default: { top: { title: Top } } }
            defaults:
              - channel: developer
                value: { enabled: true, greeting: Hi developer }
              - channel: beta
                value: { enabled: true }
          tiny-feature:
            description: A feature with one variable.
            variables:
              enabled: { description: On or off., type: Boolean, default: true }
        enums:
          ShopMode:
            description: How orders arrive.
            variants:
              walk-in: { description: At the counter. }
              delivery: { description: By courier. }
        objects:
          Card:
            description: A card.
            fields:
              title: { description: The title., type: String, default: Welcome }
              size: { description: Its size., type: Int, default: 1 }
        """

    public static let registry = """
        app: shop
        manifest: nimbus.fml.yaml
        flags:
          shopOpen: { feature: shop-feature, debug: { title: Shop open } }
        """

    public init() {
        folder.write(Self.manifest, to: "nimbus.fml.yaml")
        registryPath = folder.write(Self.registry, to: "feature-flags.yaml")
    }

    /// The generated source as it is checked in: the developer channel's defaults.
    public func generatedSource() throws -> String {
        let registry = try FeatureFlagRegistry.load(path: registryPath)
        return FeatureSwiftGenerator(manifest: registry.manifest, app: registry.app, channel: "developer",
                                     manifestName: "ShopFixture.manifest").source
    }

    /// The app's environment for `channel`, with `records` (Remote Settings records) as its experiments.
    public func environment(_ channel: BuildChannel, records: [JSONValue]? = nil) throws -> FlagsEnvironment {
        var experiments: String?
        if let records {
            experiments = folder.write(JSONValue.object(["data": .array(records)]).prettyText, to: "records-\(UUID().uuidString).json")
        }
        return try FlagsEnvironment.open(FlagsOptions(
            configPath: registryPath, storePath: folder.file("prefs.sqlite"), channel: ChannelName(channel), experiments: experiments,
            nimbusID: "00000000-0000-4000-8000-000000000001", workingDirectory: folder.path,
            environment: ["XDG_STATE_HOME": folder.file("state"), "HOME": folder.path, "FLAGS_NO_CACHE": "1"]))
    }

    /// An experiment every client is enrolled in, whose one branch sets `value` on shop-feature.
    public static func experiment(_ slug: String, value: JSONValue) -> JSONValue {
        .object([
            "schemaVersion": .string("1.12.0"), "slug": .string(slug), "appName": .string("shop"), "appId": .string("shop"),
            "userFacingName": .string(slug), "userFacingDescription": .string("test"), "isEnrollmentPaused": .bool(false),
            "isRollout": .bool(false), "proposedEnrollment": .int(7), "targeting": .string("true"),
            "featureIds": .array([.string("shop-feature")]),
            "bucketConfig": .object(["randomizationUnit": .string("nimbus_id"), "namespace": .string(slug),
                                     "start": .int(0), "count": .int(10_000), "total": .int(10_000)]),
            "branches": .array([.object(["slug": .string("treatment"), "ratio": .int(1),
                                         "features": .array([.object(["featureId": .string("shop-feature"), "value": value])])])]),
        ])
    }
}
