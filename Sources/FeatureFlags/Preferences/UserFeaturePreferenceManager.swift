import Prefs

/// The default `UserFeaturePreferring`: user choices stored under each flag's `userPrefsKey`.
///
/// ```swift
/// let manager = UserFeaturePreferenceManager(prefs: prefs, nimbusLayer: layer)
/// try manager.setPreferenceFor(startAtHome, to: "always")
/// ```
public final class UserFeaturePreferenceManager: UserFeaturePreferring {
    public let prefs: Prefs
    public let nimbusLayer: NimbusFeatureFlagLayerProviding

    public init(prefs: Prefs, nimbusLayer: NimbusFeatureFlagLayerProviding) {
        self.prefs = prefs
        self.nimbusLayer = nimbusLayer
    }

    public func getPreferenceFor(_ flag: FeatureFlagID) -> Bool {
        if let key = flag.userPrefsKey, let stored = prefs.boolForKey(key) { return stored }
        return flag.definition.fallback ?? nimbusLayer.checkNimbusConfigFor(flag)
    }

    /// The stored choice alone, nil when the user has not chosen.
    public func storedPreference(for flag: FeatureFlagID) -> Bool? {
        flag.userPrefsKey.flatMap { prefs.boolForKey($0) }
    }

    public func setPreferenceFor(_ flag: FeatureFlagID, to value: Bool) throws {
        guard let key = flag.userPrefsKey else { throw FeatureFlagError.notUserToggleable(flag.rawValue) }
        try prefs.setBool(value, forKey: key)
    }

    public func getPreferenceFor(_ preference: TypedPreference) -> String {
        if let stored = storedPreference(for: preference) { return stored }
        if let nimbus = nimbusLayer.nimbusVariant(for: preference), preference.variants.contains(nimbus) { return nimbus }
        return preference.variants.first ?? ""
    }

    /// The stored variant alone; a stored value that is no longer a variant counts as none.
    public func storedPreference(for preference: TypedPreference) -> String? {
        prefs.stringForKey(preference.userPrefsKey).flatMap { preference.variants.contains($0) ? $0 : nil }
    }

    public func setPreferenceFor(_ preference: TypedPreference, to variant: String) throws {
        guard preference.variants.contains(variant) else {
            throw FeatureFlagError.invalidVariant(preference: preference.id, value: variant, variants: preference.variants)
        }
        try prefs.setString(variant, forKey: preference.userPrefsKey)
    }

    /// Forgets the user's choice so the fallback or Nimbus decides again.
    public func removePreferenceFor(_ flag: FeatureFlagID) throws {
        guard let key = flag.userPrefsKey else { throw FeatureFlagError.notUserToggleable(flag.rawValue) }
        try prefs.removeObjectForKey(key)
    }

    public func removePreferenceFor(_ preference: TypedPreference) throws {
        try prefs.removeObjectForKey(preference.userPrefsKey)
    }
}
