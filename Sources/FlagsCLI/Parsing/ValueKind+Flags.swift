#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import CommandLineArguments

/// The values `flags` completes from the app itself: ids from its registry, preset names from
/// its store, slugs from its cached records, its user preferences, the channels, the commands
/// (`Completer` looks each up).
///
/// ```swift
/// ValueKind.flagID.placeholder   // "ID"
/// ```
extension ValueKind {
    static let flagID = ValueKind(placeholder: "ID", domain: "flagID")
    static let presetName = ValueKind(placeholder: "NAME", domain: "presetName")
    static let experimentSlug = ValueKind(placeholder: "SLUG", domain: "experimentSlug")
    /// A feature of the app's Nimbus manifest.
    static let featureID = ValueKind(placeholder: "FEATURE", domain: "featureID")
    /// A user preference: a typed preference of the registry or a flag with a userPrefsKey.
    static let preferenceName = ValueKind(placeholder: "NAME", domain: "preferenceName")
    static let channel = ValueKind(placeholder: "CHANNEL", domain: "channel")
    /// `FILE` or `preset:NAME`, as `flags diff` takes.
    static let savedState = ValueKind(placeholder: "FILE|preset:NAME", domain: "savedState")
    /// A STATE of `flags bisect`: `current`, `defaults`, a preset's name, a file or a combination.
    static let bisectState = ValueKind(placeholder: "STATE", domain: "bisectState")
    /// A command name of `flags` (`flags help COMMAND`).
    static let commandName = ValueKind(placeholder: "COMMAND", domain: "commandName")
}
#endif
