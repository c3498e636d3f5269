/// Compile-time build channel checks, with Firefox for iOS's names. No instance needed.
///
/// These are developer-facing switches that are not user impacting, which is why they are kept
/// apart from feature flags: nothing at run time can change them. The debug menu lists them
/// read-only under "Build flags".
///
/// ```swift
/// if CoreBuildFlags.isUsingMockData { loadFixtures() }
/// ```
public enum CoreBuildFlags {
    public static var isAdjustEnvironmentProd: Bool { BuildChannel.current != .developer }
    public static var isUsingMockData: Bool { BuildChannel.current == .developer }
    public static var isUsingStagingUnifiedAdsAPI: Bool { BuildChannel.current == .developer }
    /// Whether this binary contains the Feature Flags debug menu at all.
    public static var hasDebugMenu: Bool { BuildChannel.current.allowsDebugOverrides }

    /// Every build flag with its name, in a stable order, for display.
    public static var all: [(name: String, value: Bool)] {
        [
            ("isAdjustEnvironmentProd", isAdjustEnvironmentProd),
            ("isUsingMockData", isUsingMockData),
            ("isUsingStagingUnifiedAdsAPI", isUsingStagingUnifiedAdsAPI),
            ("hasDebugMenu", hasDebugMenu),
        ]
    }
}
