/// Adopt it to read the user's own feature choices the Firefox for iOS way:
/// `userPreferences.getPreferenceFor(.x)`, and the typed accessors `flags generate` writes
/// (`userPreferences.startAtHomeSetting`), resolved from `AppContainer.shared`.
///
/// ```swift
/// struct SettingsViewModel: UserFeaturePreferenceProvider {
///     var startsAtHome: StartAtHome { userPreferences.startAtHomeSetting }
/// }
/// ```
public protocol UserFeaturePreferenceProvider {}

extension UserFeaturePreferenceProvider {
    /// Firefox for iOS's name for the user's preferences.
    public var userPreferences: UserFeaturePreferring { AppContainer.shared.resolve() }

    /// The same service as `userPreferences`, under this library's first name for it.
    public var userFeaturePreferences: UserFeaturePreferring { AppContainer.shared.resolve() }
}
