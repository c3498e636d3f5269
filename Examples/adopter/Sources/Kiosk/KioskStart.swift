import FeatureFlags

/// What Kiosk does at start, as Firefox for iOS's `DependencyHelper` does in `AppDelegate`: open
/// the app's flags, refuse a registry the generated Swift no longer matches, and register the
/// services view models resolve through `AppContainer`.
///
/// ```swift
/// let flags = try KioskStart.bootstrap(FlagsOptions(configPath: "feature-flags.yaml"))
/// ```
enum KioskStart {
    @discardableResult
    static func bootstrap(_ options: FlagsOptions) throws -> FlagsEnvironment {
        let flags = try FlagsEnvironment.open(options)
        try flags.registry.checkGeneratedCode()
        AppContainer.shared.register(service: flags.provider as FeatureFlagProviding)
        AppContainer.shared.register(service: flags.preferences as UserFeaturePreferring)
        return flags
    }
}
