#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer
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
        let seconds = max(0, now - setAt)
        switch seconds {
        case ..<60: return "now"
        case ..<3_600: return "\(Int(seconds / 60))m"
        case ..<86_400: return "\(Int(seconds / 3_600))h"
        default: return "\(Int(seconds / 86_400))d"
        }
    }
}
#endif
