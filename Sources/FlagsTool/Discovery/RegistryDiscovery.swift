#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FeatureFlags
import Platform
import Prefs

/// How the `flags` tool, its menu and the demo app find the registry to work on: the one the
/// options name (`--config`, `FLAGS_CONFIG`), else `feature-flags.yaml` in the working directory
/// or a parent, else the built-in Bibimbap demo, so `swift run flags` shows a real menu anywhere.
///
/// Apps never do this: `FlagsEnvironment.open` in the library wants the registry named, so a
/// missing file is an error naming it rather than a restaurant demo in production.
///
/// ```swift
/// let flags = try RegistryDiscovery.open(FlagsOptions())   // the demo when nothing is found
/// ```
public enum RegistryDiscovery {
    /// Opens the flags of the registry found by the rules above.
    public static func open(_ options: FlagsOptions) throws -> FlagsEnvironment {
        let (path, isDemo) = try locate(options)
        return try FlagsEnvironment.open(options, registryPath: path, isDemo: isDemo)
    }

    /// The registry to use and whether it is the built-in demo.
    public static func locate(_ options: FlagsOptions) throws -> (path: String, isDemo: Bool) {
        if let named = try FlagsEnvironment.namedRegistry(options) { return (named, false) }
        var folder = URL(fileURLWithPath: options.workingDirectory).standardizedFileURL.path
        while true {
            let candidate = FilePathText.joined(folder, FlagsEnvironment.registryFileName)
            if FileManager.default.fileExists(atPath: candidate) { return (candidate, false) }
            let parent = FilePathText.folder(of: folder)
            if parent == folder || parent.isEmpty { break }
            folder = parent
        }
        let storeFolder = FilePathText.folder(of: SQLitePrefs.defaultPath(forApp: BibimbapDemo.app, environment: options.environment))
        return (try BibimbapDemo.materialize(in: FilePathText.joined(storeFolder, "demo")), true)
    }
}
