import BibimbapData
import FeatureFlags
import Platform
import Prefs

/// Where the demo app finds its registry: the one named (`--config`, `FLAGS_CONFIG`), else a
/// `feature-flags.yaml` in the working directory or a parent (a copy of the demo being edited),
/// else its own data, written beside its default store. That folder is the one the `flags` tool
/// writes its built-in demo to, so the tool and the app open one registry and one store.
///
/// An app that ships its registry does the last step alone; the search is what lets the demo
/// run beside `flags` in whatever folder the tool is working on.
///
/// ```swift
/// let flags = try FlagsEnvironment.open(options, registryPath: try BibimbapRegistry.path(for: options))
/// ```
enum BibimbapRegistry {
    /// The absolute path of the registry to open; throws `RegistryNotFound` for one named that is not there.
    static func path(for options: FlagsOptions) throws -> String {
        if let named = try FlagsEnvironment.namedRegistry(options) { return named }
        if let nearest = UpwardFileSearch.nearest(named: FlagsEnvironment.registryFileName, from: options.workingDirectory) {
            return nearest
        }
        return try BibimbapDemo.materialize(besideStore: SQLitePrefs.defaultPath(forApp: BibimbapDemo.app, environment: options.environment))
    }
}
