import Synchronization

/// The provider every holder of one generated container reads, replaceable at run time: an app
/// calls `initialize(with:)` once its `FlagsEnvironment` is open, and again after it reloads.
///
/// Each replacement moves `generation`, which is how holders know their cached values are stale.
/// Before any provider is set, holders give the defaults the code was generated with.
///
/// ```swift
/// let source = FeatureSource()
/// source.use(NimbusFeatureValues(environment: flags))
/// ```
public final class FeatureSource: Sendable {
    private let state = Mutex<(provider: (any FeatureValuesProviding)?, generation: UInt64)>((nil, 0))

    public init() {}

    /// Reads from `provider` from now on (nil: the generated defaults); every cached value is dropped.
    public func use(_ provider: (any FeatureValuesProviding)?) {
        state.withLock { $0 = (provider, $0.generation &+ 1) }
    }

    /// The provider in use and the generation it belongs to.
    public var current: (provider: (any FeatureValuesProviding)?, generation: UInt64) {
        state.withLock { $0 }
    }
}
