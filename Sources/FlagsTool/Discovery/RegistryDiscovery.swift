import BibimbapData
import FeatureFlags
import Platform
import Prefs

/// How the `flags` tool and its menu find the registry to work on: the one the options name
/// (`--config`, `FLAGS_CONFIG`), else `feature-flags.yaml` in the working directory or a parent,
/// else the built-in Bibimbap demo, so `swift run flags` shows a real menu anywhere.
///
/// Apps never do this: `FlagsEnvironment.open` in the library wants the registry named, so a
/// missing file is an error naming it rather than a restaurant demo in production. Whether the
/// tool is on its demo is the tool's to know (`locate`, `opensDemo`): the commands and the menu
/// say so, and refuse to edit files that are written anew on every run.
///
/// ```swift
/// let flags = try RegistryDiscovery.open(FlagsOptions())   // the demo when nothing is found
/// ```
public enum RegistryDiscovery {
    /// Opens the flags of the registry found by the rules above.
    public static func open(_ options: FlagsOptions) throws -> FlagsEnvironment {
        try FlagsEnvironment.open(options, registryPath: try locate(options).path)
    }

    /// The registry to use and whether it is the built-in demo (whose files this writes).
    public static func locate(_ options: FlagsOptions) throws -> (path: String, isDemo: Bool) {
        if let found = try appRegistry(options) { return (found, false) }
        let store = SQLitePrefs.defaultPath(forApp: BibimbapDemo.app, environment: options.environment)
        return (try BibimbapDemo.materialize(besideStore: store), true)
    }

    /// Whether `options` find no registry, so that `open` opens the built-in demo; writes
    /// nothing. False when they name a registry that is missing: that is an error, not the demo.
    public static func opensDemo(_ options: FlagsOptions) -> Bool {
        do {
            return try appRegistry(options) == nil
        } catch {
            return false
        }
    }

    /// The registry the options name, else the nearest `feature-flags.yaml` at or above the
    /// working directory; nil when there is neither.
    private static func appRegistry(_ options: FlagsOptions) throws -> String? {
        if let named = try FlagsEnvironment.namedRegistry(options) { return named }
        return UpwardFileSearch.nearest(named: FlagsEnvironment.registryFileName, from: options.workingDirectory)
    }
}
