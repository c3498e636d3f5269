import Synchronization
import Prefs

/// How often each feature's value was shown to the user, counted in the app's store under
/// `nimbus.exposure.<featureId>` (an `Int`), beside the Nimbus client's own state.
///
/// `FeatureHolder.recordExposure()` adds one through `NimbusFeatureValues`; `flags features`
/// prints the counts. The count is read and written in one process under a lock; two processes
/// recording the same feature at the same instant may lose one of the two increments (the store
/// has no atomic increment), which a debugging count can afford.
///
/// ```swift
/// let exposures = FeatureExposures(prefs: flags.prefs)
/// try exposures.record("homescreen")
/// exposures.count(of: "homescreen")   // 1
/// ```
public struct FeatureExposures: Sendable {
    /// The prefs key prefix; the feature id follows it.
    public static let keyPrefix = "nimbus.exposure."

    private let prefs: Prefs

    public init(prefs: Prefs) {
        self.prefs = prefs
    }

    public static func key(for featureId: String) -> String { keyPrefix + featureId }

    /// The number of exposures recorded for the feature (0 when none).
    public func count(of featureId: String) -> Int {
        prefs.intForKey(Self.key(for: featureId)) ?? 0
    }

    /// Adds one exposure. Throws when the store refuses the write.
    public func record(_ featureId: String) throws {
        try Self.lock.withLock { _ in
            let key = Self.key(for: featureId)
            let count = prefs.intForKey(key) ?? 0
            try prefs.setInt(count == .max ? count : count + 1, forKey: key)
        }
    }

    /// One lock for the process: the read and the write of one count must not interleave with
    /// another thread's, whatever store or holder they come through.
    private static let lock = Mutex(())
}
