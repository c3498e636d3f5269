import BibimbapData
import FeatureFlags
import FeatureFlagsTestSupport
import Foundation

/// The built-in Bibimbap demo written into a temporary folder, loaded as an app would load it.
public struct DemoFixture {
    public let folder = TemporaryDirectory()
    public let registry: FeatureFlagRegistry

    public init() throws {
        registry = try FeatureFlagRegistry.load(path: try BibimbapDemo.materialize(in: folder.path))
    }

    public func flag(_ id: String) throws -> FeatureFlagID { try registry.flag(id) }

    public func layer(_ channel: BuildChannel) -> NimbusFeatureFlagLayer {
        NimbusFeatureFlagLayer(registry: registry, channel: channel.rawValue)
    }
}
