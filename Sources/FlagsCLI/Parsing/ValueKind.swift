#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// What an option's value or a positional argument is, so help shows a placeholder for it and
/// the shell completion scripts know what to offer: ids from the app's registry, preset names
/// from its store, slugs from its cached records, its user preferences, the channels, or the
/// shell's own file names.
///
/// ```swift
/// ValueKind.flagID.placeholder            // "ID"
/// ValueKind.choice(["on", "off"]).placeholder   // "on|off"
/// ```
enum ValueKind: Sendable, Equatable {
    case flagID
    case presetName
    case experimentSlug
    /// A feature of the app's Nimbus manifest.
    case featureID
    /// A user preference: a typed preference of the registry or a flag with a userPrefsKey.
    case preferenceName
    case channel
    case file
    case duration
    /// `FILE` or `preset:NAME`, as `flags diff` takes.
    case savedState
    /// A STATE of `flags bisect`: `current`, `defaults`, a preset's name, a file or a combination.
    case bisectState
    /// One of fixed words (`on|off`, `bash|zsh|fish`).
    case choice([String])
    /// A command name of `flags` (`flags help COMMAND`).
    case commandName
    /// Free text, shown as the placeholder given (`TEXT`, `UUID`, `K=V`); nothing to complete.
    case text(String)

    /// The word that stands for the value in usage lines and help.
    var placeholder: String {
        switch self {
        case .flagID: "ID"
        case .presetName: "NAME"
        case .experimentSlug: "SLUG"
        case .featureID: "FEATURE"
        case .preferenceName: "NAME"
        case .channel: "CHANNEL"
        case .file: "FILE"
        case .duration: "DURATION"
        case .savedState: "FILE|preset:NAME"
        case .bisectState: "STATE"
        case .choice(let words): words.joined(separator: "|")
        case .commandName: "COMMAND"
        case .text(let placeholder): placeholder
        }
    }
}
#endif
