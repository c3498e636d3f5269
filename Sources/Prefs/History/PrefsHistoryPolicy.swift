/// How much change history a store keeps, and which keys it leaves out of it.
///
/// The history lives in the store's own file, so it is bounded: a change is forgotten once more
/// than `maximumChanges` newer ones were recorded, or once it is older than `maximumAge`,
/// whichever comes first. The newest transaction is always kept whole, however large, so the
/// last change can always be undone.
///
/// Keys under `untrackedKeyPrefixes` are bookkeeping, not decisions anyone made (exposure
/// counters an app bumps on every screen, a client id): recording them would push the changes
/// people made out of the history.
///
/// ```swift
/// let prefs = try SQLitePrefs(path: path, history: PrefsHistoryPolicy(untrackedKeyPrefixes: ["nimbus.exposure."]))
/// ```
public struct PrefsHistoryPolicy: Sendable, Hashable {
    /// 1,000 changes: a month of daily work, and a few kilobytes of the file.
    public static let defaultMaximumChanges = 1_000
    /// 30 days.
    public static let defaultMaximumAge: Double = 30 * 86_400

    public var maximumChanges: Int
    /// Seconds.
    public var maximumAge: Double
    public var untrackedKeyPrefixes: [String]

    public init(maximumChanges: Int = defaultMaximumChanges, maximumAge: Double = defaultMaximumAge, untrackedKeyPrefixes: [String] = []) {
        self.maximumChanges = max(1, maximumChanges)
        self.maximumAge = maximumAge
        self.untrackedKeyPrefixes = untrackedKeyPrefixes
    }

    /// Whether a change of `key` is recorded.
    public func tracks(_ key: String) -> Bool {
        !untrackedKeyPrefixes.contains { key.hasPrefix($0) }
    }
}
