#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags
import Platform

/// How long ago an override was set, in the fewest characters: `now`, `5m`, `3h`, `2d`.
///
/// Use it for the source column of an overridden row ("override · 5m"), so a stale override
/// left from last week stands out from the one just set.
///
/// ```swift
/// OverrideAge.text(setAt: 1_000, now: 1_300)   // "5m"
/// ```
public enum OverrideAge {
    /// The age of something set at `setAt`, seen at `now` (both in seconds since 1970).
    public static func text(setAt: Double, now: Double) -> String {
        // The menu says "now" for the first minute; beyond it, the same short ages as `flags list`.
        now - setAt < 60 ? "now" : Timestamp.age(since: setAt, now: now)
    }
}
#endif
