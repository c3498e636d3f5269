import Synchronization

/// One feature of a generated container: its typed value, worked out once and cached, its
/// exposures, and the seams a test uses to force a value.
///
/// `value()` reads the feature's resolved variables from the container's `FeatureSource`
/// (manifest defaults for the channel, with rollouts and experiments over them) and builds the
/// generated struct; the result is kept until the source changes, so a screen that reads it
/// often pays once. It is safe to call from any thread.
///
/// ```swift
/// let homescreen = AppNimbus.shared.features.homescreen
/// if homescreen.value().enabled { homescreen.recordExposure() }
///
/// // In a test:
/// homescreen.with(cachedValue: Homescreen(enabled: false))
/// defer { homescreen.with(cachedValue: nil) }
/// ```
public final class FeatureHolder<Feature: TypedFeature>: Sendable {
    public let featureId: String
    private let source: FeatureSource
    private let state = Mutex(State())

    private struct State {
        /// The value built from the source of `generation`.
        var cached: (value: Feature, generation: UInt64)?
        /// A value a test forced: returned whatever the source says, until reset.
        var forced: Feature?
        /// How a test builds the value from the variables instead of the generated initializer.
        var initializer: (@Sendable (FeatureVariables) -> Feature)?
        /// Moves whenever a seam changes, so a value built meanwhile is not cached as current.
        var revision: UInt64 = 0
    }

    public init(source: FeatureSource, featureId: String) {
        self.source = source
        self.featureId = featureId
    }

    /// The feature's value now: forced by a test, else cached, else built from the source.
    public func value() -> Feature {
        let (provider, generation) = source.current
        let (known, initializer, revision): (Feature?, (@Sendable (FeatureVariables) -> Feature)?, UInt64) = state.withLock { state in
            if let forced = state.forced { return (forced, nil, state.revision) }
            if let cached = state.cached, cached.generation == generation { return (cached.value, nil, state.revision) }
            return (nil, state.initializer, state.revision)
        }
        if let known { return known }
        // Built outside the lock: an initializer that reads another feature, or this one, must
        // not deadlock. Two threads may both build it; they build the same value.
        let variables = provider?.variables(forFeature: featureId) ?? .empty
        let value = initializer?(variables) ?? Feature(variables)
        state.withLock { state in
            if state.revision == revision { state.cached = (value, generation) }
        }
        return value
    }

    /// Counts one exposure of the feature in the store (`flags features` shows the count). Does
    /// nothing before the container is initialized; a store that refuses the write loses the count
    /// rather than the app failing.
    public func recordExposure() {
        source.current.provider?.recordExposure(featureId: featureId)
    }

    /// Forces the whole value, as a test does; nil goes back to the resolved value.
    public func with(cachedValue value: Feature?) {
        state.withLock { state in
            state.forced = value
            state.cached = nil
            state.revision &+= 1
        }
    }

    /// Builds the value with `initializer` from the resolved variables (a test that wants its
    /// own defaults); nil goes back to the generated initializer. The cached value is dropped.
    public func with(initializer: (@Sendable (FeatureVariables) -> Feature)?) {
        state.withLock { state in
            state.initializer = initializer
            state.cached = nil
            state.revision &+= 1
        }
    }

    /// Drops whatever a test forced and the cached value: the next `value()` is built again.
    public func reset() {
        state.withLock { state in
            state = State(revision: state.revision &+ 1)
        }
    }
}
