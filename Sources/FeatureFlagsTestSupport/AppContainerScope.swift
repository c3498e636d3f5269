import FeatureFlags
import Testing

/// A test trait that gives every test its own `AppContainer`: inside the test (its suite's
/// `init` and `deinit` included) `AppContainer.shared` is a fresh, empty container, so
/// `DependencyHelperMock` can bootstrap and reset it while other tests run in parallel.
///
/// ```swift
/// @Suite(.scopedAppContainer) final class HomeViewModelTests {
///     let helper = DependencyHelperMock()
///     init() { helper.bootstrapDependencies() }
///     deinit { helper.reset() }
/// }
/// ```
public struct AppContainerScope: TestTrait, SuiteTrait, TestScoping {
    /// Applied to every test of a suite, and of the suites nested in it.
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await AppContainer.withScoped(AppContainer()) { try await function() }
    }
}

extension Trait where Self == AppContainerScope {
    /// Each test gets its own `AppContainer.shared`.
    public static var scopedAppContainer: Self { AppContainerScope() }
}
