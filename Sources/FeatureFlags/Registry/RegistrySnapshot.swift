import Platform

/// Registries through the `SnapshotCache`: a registry and manifest that loaded without error are
/// snapshotted, and read back from the snapshot while the registry, the manifest, each include
/// and the program are unchanged.
///
/// ```swift
/// let snapshots = RegistrySnapshot(environment: ProcessInfo.processInfo.environment)
/// let registry = try snapshots.load(path: "/app/feature-flags.yaml")  // the files once, the snapshot after
/// ```
public struct RegistrySnapshot: Sendable {
    static let kind = "registry"
    public let cache: SnapshotCache

    public init(cache: SnapshotCache) {
        self.cache = cache
    }

    public init(folder: String?) {
        cache = SnapshotCache(folder: folder)
    }

    /// The registry at `path`: from its snapshot when that is still current, else from its
    /// files (and then snapshotted). Errors are those of `FeatureFlagRegistry.load(path:)`.
    public func load(path: String) throws -> FeatureFlagRegistry {
        if let registry = cache.read(kind: Self.kind, key: path, FeatureFlagRegistry.init(snapshot:)) { return registry }
        let readStarted = SnapshotCache.now()
        let registry = try FeatureFlagRegistry.load(path: path)
        cache.write(kind: Self.kind, key: path, sources: [registry.path] + registry.manifest.files, readStarted: readStarted) {
            registry.write(to: &$0)
        }
        return registry
    }

    /// The snapshot file of the registry at `registryPath`.
    func snapshotPath(for registryPath: String) -> String? {
        cache.path(kind: Self.kind, key: registryPath)
    }

    /// The registry in the snapshot `file`, when it is the current snapshot of `registryPath`.
    static func readSnapshot(_ file: String, registryPath: String) -> FeatureFlagRegistry? {
        SnapshotCache.read(file, kind: kind, key: registryPath, FeatureFlagRegistry.init(snapshot:))
    }
}
