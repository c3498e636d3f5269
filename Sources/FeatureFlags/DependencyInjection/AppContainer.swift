import Synchronization

/// The app's dependency container: services are registered once at start and resolved by type.
///
/// Firefox for iOS resolves its feature-flag services this way, which is what lets tests swap in
/// doubles (`DependencyHelperMock` in `FeatureFlagsTestSupport`).
///
/// ```swift
/// AppContainer.shared.register(service: provider as FeatureFlagProviding)
/// let flags: FeatureFlagProviding = AppContainer.shared.resolve()
/// ```
///
/// Tests never share the app's container: `AppContainer.withScoped(_:)` (or the
/// `.scopedAppContainer` test trait of `FeatureFlagsTestSupport`) makes another container
/// `shared` for one task and the tasks it starts, as swift-dependencies scopes its overrides, so
/// tests that register doubles run in parallel and a reset in one never reaches another.
public final class AppContainer: Sendable {
    /// The app's container, or the one a test scoped to the current task.
    public static var shared: AppContainer { scoped ?? global }

    private static let global = AppContainer()
    @TaskLocal private static var scoped: AppContainer?

    /// Runs `body` with `container` as `AppContainer.shared` for this task and the child and
    /// unstructured tasks it starts (not detached tasks or threads, which start afresh).
    public static func withScoped<R>(_ container: AppContainer = AppContainer(), _ body: () throws -> R) rethrows -> R {
        try $scoped.withValue(container, operation: body)
    }

    /// `withScoped(_:_:)` for async work.
    public static func withScoped<R>(_ container: AppContainer = AppContainer(), _ body: () async throws -> R) async rethrows -> R {
        try await $scoped.withValue(container, operation: body)
    }

    private let services = Mutex<[ObjectIdentifier: any Sendable]>([:])

    public init() {}

    /// Registers `service` under its static type `T`, replacing any earlier one.
    public func register<T>(service: T) where T: Sendable {
        services.withLock { $0[ObjectIdentifier(T.self)] = service }
    }

    /// The service registered under `T`. Resolving something never registered is a programming
    /// error, reported with the type's name.
    public func resolve<T>() -> T {
        guard let service: T = resolveIfRegistered() else {
            fatalError("AppContainer: no \(T.self) is registered; register one at app start (or bootstrap DependencyHelperMock in tests)")
        }
        return service
    }

    /// The service registered under `T`, or nil.
    public func resolveIfRegistered<T>() -> T? {
        services.withLock { $0[ObjectIdentifier(T.self)] } as? T
    }

    /// Forgets every registered service.
    public func reset() {
        services.withLock { $0.removeAll() }
    }
}
