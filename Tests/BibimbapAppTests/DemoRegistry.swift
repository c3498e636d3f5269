import BibimbapApp
import BibimbapData
import FeatureFlags
import FeatureFlagsTestSupport

/// The built-in Bibimbap demo written into a temporary folder and loaded, with the app's flags
/// looked up in it: the registry the app uses when no other is found.
struct DemoRegistry {
    let folder = TemporaryDirectory()
    let registry: FeatureFlagRegistry
    let flags: BibimbapFlags

    init() throws {
        registry = try FeatureFlagRegistry.load(path: try BibimbapDemo.materialize(in: folder.path + "/demo"))
        flags = try BibimbapFlags(registry: registry)
    }
}
