import Prefs

extension PrefsHistoryPolicy {
    /// The history an app's store keeps: the default bounds (the last 1,000 changes, 30 days),
    /// without the keys the library and the tool keep for themselves: exposure counts (bumped
    /// by the app on every screen), the Nimbus client's own state (id, install time, the app
    /// version last seen and the enrollments kept between evaluations, rewritten as a device
    /// rewrites them at each start), the Remote Settings cache, and `flags matrix`'s journal. Overrides, preferences, opt-outs and presets are kept.
    public static let featureFlags = PrefsHistoryPolicy(untrackedKeyPrefixes: [
        FeatureExposures.keyPrefix, "nimbus.id", "nimbus.installedAt", "nimbus.appVersion", "nimbus.updatedAt",
        "nimbus.enrollments", "remoteSettings.", "matrix.",
    ])
}
