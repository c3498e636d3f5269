// swift-tools-version:6.0
// A small app that adopts the FeatureFlags library the way docs/APPS.md says: it depends on the
// package by path, compiles the Swift `flags generate` wrote for its registry, and tests with the
// doubles of FeatureFlagsTestSupport. `.ci/example-adopter` builds and tests it.
import PackageDescription

// Generated code must build as an app's would: Swift 6 mode, and not one warning.
let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

let package = Package(
    name: "Kiosk",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "FeatureFlagsDebugMenu", path: "../.."),
    ],
    targets: [
        // The app: its code, the Swift `flags generate` wrote (FeatureFlags.generated.swift, and with
        // --features Features.generated.swift), main.swift.
        .executableTarget(name: "Kiosk", dependencies: [.product(name: "FeatureFlags", package: "FeatureFlagsDebugMenu")], swiftSettings: strict),
        .testTarget(name: "KioskTests", dependencies: [
            "Kiosk",
            .product(name: "FeatureFlags", package: "FeatureFlagsDebugMenu"),
            .product(name: "FeatureFlagsTestSupport", package: "FeatureFlagsDebugMenu"),
        ], swiftSettings: strict),
    ]
)
