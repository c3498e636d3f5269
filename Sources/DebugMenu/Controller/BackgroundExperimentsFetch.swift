#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FeatureFlags
import Platform
import Synchronization

/// Fetches an environment's experiments from their Remote Settings server on a thread of its
/// own, so the menu can draw its first frame from the offline cache and swap in the fetched
/// records when they arrive.
///
/// Starting it returns at once; the fetch blocks only its own thread (which also keeps the
/// termination signals and SIGWINCH away, so they reach the menu's loop). Poll `take()` from
/// the menu's thread (on every key and `.timeout`): it hands over the new environment exactly once.
///
/// ```swift
/// let fetch = BackgroundExperimentsFetch(environment: cached, policy: .fetch)
/// // ... later, on the main loop:
/// if let fresh = fetch.take() { controller.swap(fresh) }
/// ```
public final class BackgroundExperimentsFetch: Sendable {
    private enum State {
        case running
        case finished(FlagsEnvironment)
        case taken
    }

    private let state = Mutex<State>(.running)

    /// Starts fetching `environment.refetchingExperiments(policy:)` on a new thread.
    public init(environment: FlagsEnvironment, policy: ExperimentsFetchPolicy) {
        let started = DetachedThread.start(name: "experiments-fetch") { [self] in
            Self.keepSignalsAway()
            let fetched = environment.refetchingExperiments(policy: policy)
            state.withLock { $0 = .finished(fetched) }
        }
        // Out of threads: the menu goes on with the experiments it has rather than wait forever.
        if !started { state.withLock { $0 = .finished(environment) } }
    }

    /// The environment with the fetched experiments, once, when the fetch has finished; nil before
    /// and after.
    public func take() -> FlagsEnvironment? {
        state.withLock { current in
            guard case .finished(let environment) = current else { return nil }
            current = .taken
            return environment
        }
    }

    /// Blocks, on this thread only, the signals the menu's loop must see.
    private static func keepSignalsAway() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }
}
#endif
