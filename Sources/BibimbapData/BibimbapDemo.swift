#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// The data of Bibimbap, the demo restaurant app: its registry, Nimbus manifest and experiment
/// records. The `flags` tool opens them whenever it finds no `feature-flags.yaml` (so `swift run
/// flags` shows a real menu anywhere), and the `bibimbap` app ships them as an app ships its own.
///
/// The files are written to a folder next to the demo's store, so error messages can name real
/// files and users can copy them as a starting point for their own app.
///
/// The app reads these flags through the Swift `flags generate` writes for them; after a change
/// to the registry, write it again in the package's folder (a test compares the two):
/// `swift run flags generate --output Sources/BibimbapApp/Flags/FeatureFlags.generated.swift`.
///
/// ```swift
/// let registryPath = try BibimbapDemo.materialize(besideStore: SQLitePrefs.defaultPath(forApp: BibimbapDemo.app))
/// ```
public enum BibimbapDemo {
    /// The demo's app name, which also names its store folder.
    public static let app = "bibimbap"

    /// Every file of the demo, by path relative to its folder.
    public static let files: [(path: String, contents: String)] = [
        ("feature-flags.yaml", #"""
# `flags` rewrites this file on every run: edits here are lost. To change it, copy this folder
# (cp -r THIS-FOLDER my-app) and run flags in the copy, or point --config at it.
# Flag registry of Bibimbap, the demo restaurant app of the `flags` tool.
# Each flag reads one Boolean variable of a Nimbus feature (see nimbus.fml.yaml); `debug` gives it
# a row in the Feature Flags debug menu; `userPrefsKey` lets users switch it themselves.
app: bibimbap
manifest: nimbus.fml.yaml
experiments: experiments.json   # Remote Settings records: {"data": [...]}
flags:
  allergenInfo:
    feature: allergen-info-feature
    variable: enabled
    debug:
      title: Allergen Info
      status: Show allergen labels on every dish
  darkKitchen:
    feature: dark-kitchen-feature
    variable: enabled
    debug:
      title: Dark Kitchen
      status: Offer delivery-only dishes from the dark kitchen
  delivery:
    feature: delivery-feature
    variable: enabled
    debug:
      title: Delivery
      status: Let customers order for delivery
    userPrefsKey: DeliveryUserPrefsKey
  kitchenDisplay:
    feature: kitchen-display-feature
    variable: enabled
  loyaltyCard:
    feature: loyalty-card-feature
    variable: enabled
    debug:
      title: Loyalty Card
      status: Stamp card, a free bowl after ten
  newBibimbapMenu:
    feature: bibimbap-feature
    variable: enabled
    debug:
      title: Bibimbap Menu
      status: Toggle the new bibimbap menu
    userPrefsKey: NewBibimbapMenu
  orderTracking:
    feature: order-tracking-feature
    variable: enabled
    debug:
      title: Order Tracking
      status: Live progress of an order, from rice to table
  promoBanner:
    feature: promo-banner-feature
    variable: enabled
    debug:
      title: Promo Banner
      status: The banner at the top of the home screen
  reviews:
    feature: reviews-feature
    variable: enabled
    debug:
      title: Reviews
      status: Star ratings under each dish
  seasonalMenu:
    feature: seasonal-menu-feature
    variable: enabled
    debug:
      title: Seasonal Menu
      status: A card with this season's specials
  spicyMode:
    feature: bibimbap-feature
    variable: extra-gochujang
    debug:
      title: Spicy Mode
      status: Extra gochujang on every bowl
    userPrefsKey: SpicyModeUserPrefsKey
  sponsoredShortcuts:
    default: true
    userPrefsKey: SponsoredShortcutsUserPrefsKey
  tipJar:
    feature: tip-jar-feature
    variable: enabled
    debug:
      title: Tip Jar
      status: Ask for a tip at checkout
preferences:
  searchBarPosition:
    feature: search-bar-feature
    variable: position
    userPrefsKey: SearchBarPositionUserPrefsKey
  startAtHome:
    feature: start-at-home-feature
    variable: setting
    userPrefsKey: StartAtHomeUserPrefsKey
# Compile-time flags, one value per distribution (`flags build-flags`): trunk-based work ships
# unfinished features dark in the App Store build and lights them up in Debug and TestFlight.
build-flags:
  requirePaywall:
    description: Ask for a Bibimbap Club membership before the chef's specials (TestFlight testers skip it)
    debug: true
    testflight: false
    appstore: true
  requireOnboarding:
    description: Show the first-visit tour of the menu
    debug: true
    testflight: true
    appstore: true
  featureX:
    description: The table-booking screen, still being built
    debug: true
    testflight: true
    appstore: false

"""#),
        ("nimbus.fml.yaml", #"""
---
# `flags` rewrites this file on every run: edits here are lost. To change it, copy this folder
# (cp -r THIS-FOLDER my-app) and run flags in the copy, or point --config at it.
# The root Feature Manifest of Bibimbap, the demo restaurant app.
about:
  description: Nimbus features of Bibimbap, the demo restaurant app
  ios:
    class: BibimbapNimbus
    module: Bibimbap
channels:
  - developer
  - beta
  - release
include:
  - nimbus-features/homeScreenFeatures.yaml
  - nimbus-features/orderingFeatures.yaml
features:
  bibimbap-feature:
    description: The new bibimbap menu, built around the bowl.
    variables:
      enabled:
        description: Whether the new menu replaces the old list of dishes.
        type: Boolean
        default: false
      extra-gochujang:
        description: Whether every bowl comes with extra gochujang.
        type: Boolean
        default: false
      spice-level:
        description: The default spice level, from 0 to 5.
        type: Int
        default: 2
    defaults:
      - channel: developer
        value:
          enabled: true
          spice-level: 4
      - channel: beta
        value:
          enabled: true
  kitchen-display-feature:
    description: The order screen in the kitchen. Not debuggable from the app.
    variables:
      enabled:
        description: Whether orders are sent to the kitchen display.
        type: Boolean
        default: true
  start-at-home-feature:
    description: Which screen the app opens on.
    variables:
      setting:
        description: The default start screen.
        type: StartAtHome
        default: afterFourHours
    defaults:
      - channel: developer
        value:
          setting: always
enums:
  StartAtHome:
    description: The screen the app opens on.
    variants:
      afterFourHours:
        description: The home screen after four hours away, otherwise the last screen.
      always:
        description: Always the home screen.
      disabled:
        description: Always the last screen.

"""#),
        ("nimbus-features/homeScreenFeatures.yaml", #"""
# `flags` rewrites this file on every run: edits here are lost. To change it, copy this folder
# (cp -r THIS-FOLDER my-app) and run flags in the copy, or point --config at it.
# Features of Bibimbap's home screen.
features:
  promo-banner-feature:
    description: A promotional banner at the top of the home screen.
    variables:
      enabled:
        description: Whether the banner is shown.
        type: Boolean
        default: true
      message:
        description: The banner's text.
        type: Text
        default: Free kimchi with every bowl
      accent-color:
        description: An optional color name for the banner.
        type: Option<String>
        default: null
    defaults:
      - channel: release
        value:
          message: Lunch set, 9,900 won
  search-bar-feature:
    description: The dish search bar.
    variables:
      position:
        description: Where the search bar sits.
        type: SearchBarPosition
        default: top
    defaults:
      - channel: developer
        value:
          position: bottom
  seasonal-menu-feature:
    description: A card with this season's specials.
    variables:
      enabled:
        description: Whether the seasonal card is shown.
        type: Boolean
        default: false
      season:
        description: The season whose dishes are shown.
        type: Season
        default: winter
      card:
        description: The look of the card.
        type: MenuCard
        default: {}
    defaults:
      - channels: [developer, beta]
        value:
          enabled: true
  reviews-feature:
    description: Star ratings under each dish.
    variables:
      enabled:
        description: Whether ratings are shown.
        type: Boolean
        default: true
      minimum-stars:
        description: Dishes rated below this are not promoted.
        type: Int
        default: 3
      highlighted-dishes:
        description: Dishes shown with their best review.
        type: List<String>
        default: [dolsot, bulgogi]
  allergen-info-feature:
    description: Allergen labels on dishes.
    variables:
      enabled:
        description: Whether labels are shown.
        type: Boolean
        default: false
      labels:
        description: Which allergens are labelled.
        type: Map<String, Boolean>
        default:
          sesame: true
          soy: true
          egg: false
    defaults:
      - channel: developer
        value:
          enabled: true
          labels:
            egg: true
enums:
  SearchBarPosition:
    description: Where the search bar sits.
    variants:
      top:
        description: Above the dishes.
      bottom:
        description: Within thumb's reach.
  Season:
    description: A season of the year.
    variants:
      spring:
        description: Spring.
      summer:
        description: Summer.
      autumn:
        description: Autumn.
      winter:
        description: Winter.
objects:
  MenuCard:
    description: The look of a menu card.
    fields:
      title:
        description: The card's title.
        type: Text
        default: Winter warmers
      image:
        description: The card's picture.
        type: Image
        default: card-winter

"""#),
        ("nimbus-features/orderingFeatures.yaml", #"""
# `flags` rewrites this file on every run: edits here are lost. To change it, copy this folder
# (cp -r THIS-FOLDER my-app) and run flags in the copy, or point --config at it.
# Features of ordering, delivery and payment.
features:
  delivery-feature:
    description: Ordering for delivery.
    variables:
      enabled:
        description: Whether delivery is offered.
        type: Boolean
        default: true
      radius-km:
        description: How far the kitchen delivers.
        type: Int
        default: 5
    defaults:
      - channel: release
        value:
          radius-km: 3
  dark-kitchen-feature:
    description: Delivery-only dishes from the dark kitchen.
    variables:
      enabled:
        description: Whether dark-kitchen dishes are listed.
        type: Boolean
        default: false
  loyalty-card-feature:
    description: A stamp card.
    variables:
      enabled:
        description: Whether the card is offered.
        type: Boolean
        default: false
      stamps-needed:
        description: Stamps for a free bowl.
        type: Int
        default: 10
    defaults:
      - channel: beta
        value:
          enabled: true
  order-tracking-feature:
    description: Live progress of an order.
    variables:
      enabled:
        description: Whether tracking is shown.
        type: Boolean
        default: true
      refresh-seconds:
        description: How often the progress refreshes.
        type: Int
        default: 30
      stages:
        description: The stages shown.
        type: List<String>
        default: [received, cooking, ready]
  tip-jar-feature:
    description: A tip prompt at checkout.
    variables:
      enabled:
        description: Whether the prompt is shown.
        type: Boolean
        default: false
      presets:
        description: Tip amounts offered, in won.
        type: List<Int>
        default: [1000, 2000, 5000]
    defaults:
      - channel: developer
        value:
          enabled: true

"""#),
        ("experiments.json", #"""
{
  "data": [
    {
      "schemaVersion": "1.12.0",
      "slug": "dark-kitchen-rollout",
      "id": "dark-kitchen-rollout",
      "appName": "bibimbap",
      "appId": "bibimbap",
      "userFacingName": "Dark kitchen rollout",
      "userFacingDescription": "Delivery-only dishes for everyone",
      "isEnrollmentPaused": false,
      "isRollout": true,
      "bucketConfig": {
        "randomizationUnit": "nimbus_id",
        "namespace": "dark-kitchen-rollout-namespace",
        "start": 0,
        "count": 10000,
        "total": 10000
      },
      "featureIds": [
        "dark-kitchen-feature"
      ],
      "branches": [
        {
          "slug": "rollout",
          "ratio": 1,
          "features": [
            {
              "featureId": "dark-kitchen-feature",
              "value": {
                "enabled": true
              }
            }
          ]
        }
      ],
      "targeting": "true",
      "proposedEnrollment": 7,
      "proposedDuration": 28,
      "referenceBranch": "rollout",
      "publishedDate": "2026-10-01T09:00:00Z"
    },
    {
      "schemaVersion": "1.12.0",
      "slug": "new-menu-test",
      "id": "new-menu-test",
      "appName": "bibimbap",
      "appId": "bibimbap",
      "userFacingName": "New bibimbap menu",
      "userFacingDescription": "Half of customers see the new menu",
      "isEnrollmentPaused": false,
      "isRollout": false,
      "bucketConfig": {
        "randomizationUnit": "nimbus_id",
        "namespace": "new-menu-test-namespace",
        "start": 0,
        "count": 10000,
        "total": 10000
      },
      "featureIds": [
        "bibimbap-feature"
      ],
      "branches": [
        {
          "slug": "control",
          "ratio": 1,
          "features": [
            {
              "featureId": "bibimbap-feature",
              "value": {
                "enabled": false
              }
            }
          ]
        },
        {
          "slug": "treatment",
          "ratio": 1,
          "features": [
            {
              "featureId": "bibimbap-feature",
              "value": {
                "enabled": true,
                "spice-level": 3
              }
            }
          ]
        }
      ],
      "targeting": "true",
      "proposedEnrollment": 7,
      "proposedDuration": 28,
      "referenceBranch": "control",
      "publishedDate": "2026-10-15T09:00:00Z"
    },
    {
      "schemaVersion": "1.12.0",
      "slug": "korean-tip-jar",
      "id": "korean-tip-jar",
      "appName": "bibimbap",
      "appId": "bibimbap",
      "userFacingName": "Tip jar in Korean",
      "userFacingDescription": "Tip prompt for Korean-speaking customers",
      "isEnrollmentPaused": false,
      "isRollout": true,
      "bucketConfig": {
        "randomizationUnit": "nimbus_id",
        "namespace": "korean-tip-jar-namespace",
        "start": 0,
        "count": 10000,
        "total": 10000
      },
      "featureIds": [
        "tip-jar-feature"
      ],
      "branches": [
        {
          "slug": "rollout",
          "ratio": 1,
          "features": [
            {
              "featureId": "tip-jar-feature",
              "value": {
                "enabled": true
              }
            }
          ]
        }
      ],
      "targeting": "language == 'ko'",
      "proposedEnrollment": 7,
      "proposedDuration": 28,
      "referenceBranch": "rollout"
    },
    {
      "schemaVersion": "1.12.0",
      "slug": "loyalty-card-beta",
      "id": "loyalty-card-beta",
      "appName": "bibimbap",
      "appId": "bibimbap",
      "userFacingName": "Loyalty card on beta",
      "userFacingDescription": "The stamp card for beta testers",
      "isEnrollmentPaused": false,
      "isRollout": false,
      "bucketConfig": {
        "randomizationUnit": "nimbus_id",
        "namespace": "loyalty-card-beta-namespace",
        "start": 0,
        "count": 10000,
        "total": 10000
      },
      "featureIds": [
        "loyalty-card-feature"
      ],
      "branches": [
        {
          "slug": "on",
          "ratio": 1,
          "features": [
            {
              "featureId": "loyalty-card-feature",
              "value": {
                "enabled": true,
                "stamps-needed": 8
              }
            }
          ]
        }
      ],
      "targeting": "channel == 'beta' && days_since_install >= 0",
      "proposedEnrollment": 7,
      "proposedDuration": 28,
      "referenceBranch": "on",
      "channel": "beta"
    },
    {
      "schemaVersion": "1.12.0",
      "slug": "reviews-redesign",
      "id": "reviews-redesign",
      "appName": "bibimbap",
      "appId": "bibimbap",
      "userFacingName": "Reviews redesign",
      "userFacingDescription": "Paused while we fix star rendering",
      "isEnrollmentPaused": true,
      "isRollout": false,
      "bucketConfig": {
        "randomizationUnit": "nimbus_id",
        "namespace": "reviews-redesign-namespace",
        "start": 0,
        "count": 10000,
        "total": 10000
      },
      "featureIds": [
        "reviews-feature"
      ],
      "branches": [
        {
          "slug": "control",
          "ratio": 1,
          "features": [
            {
              "featureId": "reviews-feature",
              "value": {}
            }
          ]
        },
        {
          "slug": "hidden",
          "ratio": 1,
          "features": [
            {
              "featureId": "reviews-feature",
              "value": {
                "enabled": false
              }
            }
          ]
        }
      ],
      "targeting": "true",
      "proposedEnrollment": 7,
      "proposedDuration": 28,
      "referenceBranch": "control"
    }
  ]
}

"""#),
    ]

    /// Writes the demo's files into `folder` (rewriting only what differs) and returns the path of
    /// its registry.
    public static func materialize(in folder: String) throws -> String {
        for file in files {
            let path = FilePathText.joined(folder, file.path)
            let data = Data(file.contents.utf8)
            if BoundedFileReader.file(at: path, holds: Array(file.contents.utf8)) { continue }
            try FileManager.default.createDirectory(atPath: FilePathText.folder(of: path),
                                                    withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        }
        return FilePathText.joined(folder, "feature-flags.yaml")
    }

    /// Writes the demo's files into the `demo` folder beside the store at `storePath` and returns
    /// the path of its registry: given the demo's default store, the one place the tool and the
    /// app both open, so a toggle in one shows in the other.
    public static func materialize(besideStore storePath: String) throws -> String {
        try materialize(in: FilePathText.joined(FilePathText.folder(of: storePath), "demo"))
    }
}
