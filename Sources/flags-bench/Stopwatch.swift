#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Foundation

/// Measures time with the monotonic clock. Every figure takes the best of several rounds: on a
/// shared machine the minimum is the least noisy estimate of what the code itself costs.
enum Stopwatch {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Nanoseconds per operation: `body` runs `operations` operations per round.
    static func nanosecondsPerOperation(rounds: Int, operations: Int, _ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<rounds {
            let start = now()
            body()
            best = min(best, Double(now() - start) / Double(operations))
        }
        return best
    }

    /// Seconds for one run of `body`, best of `rounds`.
    static func seconds(rounds: Int, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<rounds {
            let start = now()
            try body()
            best = min(best, Double(now() - start) / 1e9)
        }
        return best
    }
}

/// Keeps a computed value alive so the optimiser cannot drop the loop that made it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
#endif
