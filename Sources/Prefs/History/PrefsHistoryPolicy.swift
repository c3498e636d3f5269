/// How much change history a store keeps, and which keys it leaves out of it.
///
/// The history lives in the store's own file, so it is bounded: a change is forgotten once more
/// than `maximumChanges` newer ones were recorded, once it is older than `maximumAge`, or once
/// the values the history holds pass `maximumBytes`, whichever comes first. A value larger than
/// `maximumKeptValueBytes` is kept only as its size and digest (`ElidedValue`) once a newer
/// change is recorded. The newest transaction is always kept whole, however large, so the last
/// change can always be undone.
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

    /// 4 MiB of values: thousands of changes of flags and small feature values, a few of large ones.
    public static let defaultMaximumBytes = 4 << 20
    /// 64 KiB: every override, preference and ordinary feature value is kept whole.
    public static let defaultMaximumKeptValueBytes = 64 << 10

    public var maximumChanges: Int
    /// Seconds.
    public var maximumAge: Double
    /// Bytes of values (before and after) the history holds, older groups forgotten first.
    public var maximumBytes: Int
    /// A value larger than this is kept as its size and digest once a newer change is recorded.
    public var maximumKeptValueBytes: Int
    public var untrackedKeyPrefixes: [String]

    public init(maximumChanges: Int = defaultMaximumChanges, maximumAge: Double = defaultMaximumAge, maximumBytes: Int = defaultMaximumBytes,
                maximumKeptValueBytes: Int = defaultMaximumKeptValueBytes, untrackedKeyPrefixes: [String] = []) {
        self.maximumChanges = max(1, maximumChanges)
        self.maximumAge = maximumAge
        self.maximumBytes = max(1, maximumBytes)
        self.maximumKeptValueBytes = max(1, maximumKeptValueBytes)
        self.untrackedKeyPrefixes = untrackedKeyPrefixes
    }

    /// Whether a change of `key` is recorded.
    public func tracks(_ key: String) -> Bool {
        !untrackedKeyPrefixes.contains { key.hasPrefix($0) }
    }
}
