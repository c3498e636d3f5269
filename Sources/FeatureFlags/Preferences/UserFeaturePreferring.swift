/// Users' own choices for the features they may switch themselves, with Firefox's names.
///
/// A bool preference is the stored choice, else the flag's hard-coded fallback when the registry
/// declares one, else the Nimbus value. A typed preference is one variant of an FML enum.
///
/// ```swift
/// final class SettingsViewModel: UserFeaturePreferenceProvider {
///     var startsAtHome: String { userFeaturePreferences.getPreferenceFor(startAtHome) }
/// }
/// ```
public protocol UserFeaturePreferring: Sendable {
    func getPreferenceFor(_ flag: FeatureFlagID) -> Bool
    func setPreferenceFor(_ flag: FeatureFlagID, to value: Bool) throws
    func getPreferenceFor(_ preference: TypedPreference) -> String
    func setPreferenceFor(_ preference: TypedPreference, to variant: String) throws
}
