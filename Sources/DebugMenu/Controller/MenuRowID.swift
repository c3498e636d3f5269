#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// What a menu row stands for, encoded in `MenuRow.id`: the same flag appears in two sections
/// (its toggle and its build-only status), so ids carry the section's kind as a prefix.
///
/// Use it to turn the `rowID` of a `MenuAction` back into a flag or preference id.
///
/// ```swift
/// MenuRowID.featureFlag("translation").rawValue          // "flag:translation"
/// MenuRowID(rawValue: "typed:startAtHome")               // .typedPreference("startAtHome")
/// ```
public enum MenuRowID: Hashable, Sendable {
    /// The toggle of a debuggable flag (section Feature Flags).
    case featureFlag(String)
    /// A user's bool preference of a flag with a `userPrefsKey` (section User Preferences).
    case userPreference(String)
    /// A typed preference (section User Preferences).
    case typedPreference(String)
    /// The read-only effective value of a flag (section Build only status).
    case buildStatus(String)
    /// A build flag of the registry (section Build flags).
    case buildFlag(String)
    /// An experiment or rollout record, by slug (section Experiments).
    case experiment(String)

    /// The id as stored in `MenuRow.id`.
    public var rawValue: String {
        switch self {
        case .featureFlag(let id): "flag:" + id
        case .userPreference(let id): "pref:" + id
        case .typedPreference(let id): "typed:" + id
        case .buildStatus(let id): "status:" + id
        case .buildFlag(let name): "build:" + name
        case .experiment(let slug): "experiment:" + slug
        }
    }

    /// Parses a `MenuRow.id`; nil when it was not made by `rawValue`.
    public init?(rawValue: String) {
        guard let colon = rawValue.firstIndex(of: ":") else { return nil }
        let id = String(rawValue[rawValue.index(after: colon)...])
        switch rawValue[..<colon] {
        case "flag": self = .featureFlag(id)
        case "pref": self = .userPreference(id)
        case "typed": self = .typedPreference(id)
        case "status": self = .buildStatus(id)
        case "build": self = .buildFlag(id)
        case "experiment": self = .experiment(id)
        default: return nil
        }
    }
}
#endif
