#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import FeatureFlags

/// One switch of the Feature Flags debug menu, for one debuggable flag: Firefox for iOS's
/// `FeatureFlagsBoolSetting`.
///
/// Its value is what the app sees, `featureFlagsProvider.isEnabled(flag)`; changing it stores a
/// debug override (`setDebugOverride(_:to:)`, persistent, seen by every process) and then calls
/// `settingDidChange`, where `FeatureFlagsDebugViewController` reloads its view. Make them with
/// `FeatureFlagsDebugViewController.generateFeatureFlagToggleSettings()`.
///
/// ```swift
/// let setting = FeatureFlagsBoolSetting(
///     with: flag, titleText: "Translation", statusText: "Translate pages in place",
///     featureFlagsProvider: environment.provider
/// ) { [weak controller] _ in controller?.reloadView() }
/// try setting.toggle()   // stores the opposite of the current value as an override
/// ```
public final class FeatureFlagsBoolSetting {
    /// The flag this switch controls.
    public let featureFlagID: FeatureFlagID
    /// The row's title.
    public let titleText: String
    /// The short explanation under (here: beside) the title.
    public let statusText: String
    /// Where the value is read and the override written.
    public let featureFlagsProvider: any FeatureFlagProviding
    private let settingDidChange: (Bool) -> Void

    /// A switch reading and writing through `featureFlagsProvider`.
    public init(
        with featureFlagID: FeatureFlagID,
        titleText: String,
        statusText: String,
        featureFlagsProvider: any FeatureFlagProviding,
        settingDidChange: @escaping (Bool) -> Void
    ) {
        self.featureFlagID = featureFlagID
        self.titleText = titleText
        self.statusText = statusText
        self.featureFlagsProvider = featureFlagsProvider
        self.settingDidChange = settingDidChange
    }

    /// Firefox's initializer: the provider is resolved from `AppContainer.shared`, as
    /// `FeatureFlaggable` does (register a `FeatureFlagProviding` at start).
    public convenience init(
        with featureFlagID: FeatureFlagID,
        titleText: String,
        statusText: String,
        settingDidChange: @escaping (Bool) -> Void
    ) {
        let provider: any FeatureFlagProviding = AppContainer.shared.resolve()
        self.init(with: featureFlagID, titleText: titleText, statusText: statusText,
                  featureFlagsProvider: provider, settingDidChange: settingDidChange)
    }

    /// The value the app sees now (the override when one is honored, else Nimbus).
    public var isOn: Bool {
        featureFlagsProvider.isEnabled(featureFlagID)
    }

    /// Stores `value` as the flag's debug override, then reports the change.
    public func setOn(_ value: Bool) throws {
        try featureFlagsProvider.setDebugOverride(featureFlagID, to: value)
        settingDidChange(value)
    }

    /// Stores the opposite of the current value as the override and returns it.
    @discardableResult
    public func toggle() throws -> Bool {
        let value = !isOn
        try setOn(value)
        return value
    }
}
#endif
