import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Nimbus

/// The built-in Bibimbap demo written into a temporary folder, loaded as an app would load it.
struct DemoFixture {
    let folder = TemporaryDirectory()
    let registry: FeatureFlagRegistry

    init() throws {
        registry = try FeatureFlagRegistry.load(path: try BibimbapDemo.materialize(in: folder.path))
    }

    func flag(_ id: String) throws -> FeatureFlagID { try registry.flag(id) }

    func layer(_ channel: BuildChannel) -> NimbusFeatureFlagLayer {
        NimbusFeatureFlagLayer(registry: registry, channel: channel.rawValue)
    }
}
