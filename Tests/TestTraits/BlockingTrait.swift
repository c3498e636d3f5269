import Testing

/// Runs a suite's tests on threads of their own instead of Swift concurrency's shared pool.
///
/// Swift Testing runs tests in parallel on the cooperative pool, which has one thread per core:
/// two on a two-core machine. A test that blocks (waiting for a child process, a server, tmux or
/// a file lock) holds one of those threads while it waits, so two such tests stall every other
/// test. With this trait the suite's tests run on `BlockingTestExecutor`'s threads, so a test
/// that waits leaves the cores to tests that work.
///
/// ```swift
/// @Suite(.blocking) struct MenuEndToEndTests { … }
/// ```
public struct BlockingTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(BlockingTestExecutor.shared) { try await function() }
    }
}

extension Trait where Self == BlockingTrait {
    /// The suite's tests block while other processes work: run them on threads of their own.
    public static var blocking: Self { BlockingTrait() }
}
