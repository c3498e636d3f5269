import FeatureFlags

/// What Kiosk does at start, as Firefox for iOS's `DependencyHelper` does in `AppDelegate`: open
/// the app's flags, refuse a registry the generated Swift no longer matches, register the
/// services view models resolve through `AppContainer`, and point the typed features at the
/// flags just opened (until then they give the defaults they were generated with).
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
        KioskNimbus.shared.initialize(with: NimbusFeatureValues(environment: flags))
        return flags
    }
}
