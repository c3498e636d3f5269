#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags

/// Following the store's file when it is moved away, deleted or replaced (`mv` is what the
/// tool's own hints suggest): whether a check is due, whether the store open is still the file
/// its path names, and what the header says about it.
///
/// The controller owns one, asks `isCheckDue(at:)` while idle (a `stat` at most every
/// `checkInterval` keeps the idle loop idle) and `follow(_:)` before every write, and adopts the
/// environment a reopening returns.
///
/// ```swift
/// var follower = StoreFollower()
/// if case .reopened(let environment, let message) = follower.follow(current) { adopt(environment) }
/// ```
struct StoreFollower {
    /// What `follow(_:)` found.
    enum Outcome {
        /// The store open is the file at the path.
        case inUse
        /// The path named another file, which is now open in `environment`.
        case reopened(FlagsEnvironment, message: String)
        /// The path names no store that can be opened; nothing must be written.
        case unavailable(message: String)
    }

    /// How often an idle menu compares the path with the file open.
    static let checkInterval: Duration = .milliseconds(500)

    /// What the header says about the store once its file was moved away or replaced.
    private(set) var status: String?
    /// True once the open store was closed because its path named another file, until the
    /// path is opened again.
    private var needsReopen = false
    private var checkedAt = ContinuousClock.now

    /// Whether `checkInterval` has passed since the last check; starts a new interval when so.
    mutating func isCheckDue(at now: ContinuousClock.Instant) -> Bool {
        guard now - checkedAt >= Self.checkInterval else { return false }
        checkedAt = now
        return true
    }

    /// Compares the path of `environment`'s store with the file open, and reopens the path when
    /// they differ. Opening `environment.reopeningStore()` closes the old store first.
    mutating func follow(_ environment: FlagsEnvironment) -> Outcome {
        let change = environment.prefs.changeAtPath()
        guard needsReopen || change != nil else { return .inUse }
        needsReopen = true
        let what = (change ?? .missing).description
        do {
            let reopened = try environment.reopeningStore()
            needsReopen = false
            status = "store \(what): reopened"
            return .reopened(reopened, message: "The store file was \(what); opened \(reopened.storePath) again.")
        } catch {
            status = "store \(what): cannot reopen"
            return .unavailable(message: "The store file was \(what) and \(environment.storePath) cannot be opened: \(error.problem); \(error.hint)")
        }
    }
}
#endif
