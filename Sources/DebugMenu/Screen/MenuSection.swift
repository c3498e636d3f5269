#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// The sections of the Feature Flags debug menu, in the order they are shown.
///
/// Use it to place each `MenuRow`; the screen groups rows by section in `allCases` order,
/// keeping the order of rows within a section as given (sort them before, e.g. by title).
///
/// ```swift
/// MenuSection.featureFlags.title   // "Feature Flags"
/// ```
public enum MenuSection: Int, CaseIterable, Comparable, Hashable, Sendable {
    /// One toggle per debuggable flag.
    case featureFlags
    /// Preferences the user can change in the app.
    case userPreferences
    /// The read-only effective value of every flag.
    case buildOnlyStatus
    /// The registry's build flags, read-only, for the previewed distribution.
    case buildFlags
    /// One read-only row per experiment and rollout record, with this client's status (`e` on
    /// one opens the Experiments screen on it).
    case experiments

    /// The title shown above the section, as in Firefox for iOS.
    public var title: String {
        switch self {
        case .featureFlags: return "Feature Flags"
        case .userPreferences: return "User Preferences"
        case .buildOnlyStatus: return "Build only status"
        case .buildFlags: return "Build flags"
        case .experiments: return "Experiments"
        }
    }

    public static func < (lhs: MenuSection, rhs: MenuSection) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
#endif
