import BibimbapData
import FeatureFlags
import FeatureFlagsTestSupport

/// The built-in Bibimbap demo written into a temporary folder and loaded: the registry the app
/// uses when no other is found, and the one its generated Swift was written from.
struct DemoRegistry {
    let folder = TemporaryDirectory()
    let registry: FeatureFlagRegistry

    init() throws {
        registry = try FeatureFlagRegistry.load(path: try BibimbapDemo.materialize(in: folder.path + "/demo"))
    }
}
