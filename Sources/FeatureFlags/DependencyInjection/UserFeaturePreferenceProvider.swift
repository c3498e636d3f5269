/// Adopt it to read the user's own feature choices: `userFeaturePreferences.getPreferenceFor(.x)`,
/// resolved from `AppContainer.shared`.
///
/// ```swift
/// struct SettingsViewModel: UserFeaturePreferenceProvider {
///     func startScreen(_ pref: TypedPreference) -> String { userFeaturePreferences.getPreferenceFor(pref) }
/// }
/// ```
public protocol UserFeaturePreferenceProvider {}

extension UserFeaturePreferenceProvider {
    public var userFeaturePreferences: UserFeaturePreferring { AppContainer.shared.resolve() }
}
