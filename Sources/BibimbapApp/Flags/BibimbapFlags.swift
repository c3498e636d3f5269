import FeatureFlags

/// The flags and typed preferences the Bibimbap app reads, looked up once from its registry.
///
/// The flag list is data (`feature-flags.yaml`), so an app holds its `FeatureFlagID`s in one
/// place, checked when it starts: a registry that lacks one of them is an error at launch, not a
/// feature that silently stays off. View models take it in their initialiser.
///
/// ```swift
/// let flags = try BibimbapFlags(registry: environment.registry)
/// let home = HomeViewModel(flags: flags)
/// ```
public struct BibimbapFlags: Sendable {
    public let allergenInfo: FeatureFlagID
    public let darkKitchen: FeatureFlagID
    public let delivery: FeatureFlagID
    public let kitchenDisplay: FeatureFlagID
    public let loyaltyCard: FeatureFlagID
    public let newBibimbapMenu: FeatureFlagID
    public let orderTracking: FeatureFlagID
    public let promoBanner: FeatureFlagID
    public let reviews: FeatureFlagID
    public let seasonalMenu: FeatureFlagID
    public let spicyMode: FeatureFlagID
    public let sponsoredShortcuts: FeatureFlagID
    public let tipJar: FeatureFlagID
    /// Where the dish search bar sits: `top` or `bottom`.
    public let searchBarPosition: TypedPreference
    /// Which screen the app opens on: `afterFourHours`, `always` or `disabled`.
    public let startAtHome: TypedPreference

    /// Looks every flag and preference up; the error names the first one missing and the registry.
    public init(registry: FeatureFlagRegistry) throws(FlagLookupError) {
        allergenInfo = try registry.flag("allergenInfo")
        darkKitchen = try registry.flag("darkKitchen")
        delivery = try registry.flag("delivery")
        kitchenDisplay = try registry.flag("kitchenDisplay")
        loyaltyCard = try registry.flag("loyaltyCard")
        newBibimbapMenu = try registry.flag("newBibimbapMenu")
        orderTracking = try registry.flag("orderTracking")
        promoBanner = try registry.flag("promoBanner")
        reviews = try registry.flag("reviews")
        seasonalMenu = try registry.flag("seasonalMenu")
        spicyMode = try registry.flag("spicyMode")
        sponsoredShortcuts = try registry.flag("sponsoredShortcuts")
        tipJar = try registry.flag("tipJar")
        searchBarPosition = try registry.preference("searchBarPosition")
        startAtHome = try registry.preference("startAtHome")
    }

    /// Every flag the home screen reads, by id order.
    public var all: [FeatureFlagID] {
        [allergenInfo, darkKitchen, delivery, kitchenDisplay, loyaltyCard, newBibimbapMenu, orderTracking,
         promoBanner, reviews, seasonalMenu, spicyMode, sponsoredShortcuts, tipJar]
    }
}
