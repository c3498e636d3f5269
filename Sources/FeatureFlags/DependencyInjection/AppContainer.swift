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
public final class AppContainer: Sendable {
    public static let shared = AppContainer()

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
