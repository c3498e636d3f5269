// swift-tools-version:6.0
// The package re-creates Firefox for iOS's feature-flag system and its Feature Flags debug menu.
// Module map and the direction of dependencies: see README.md ("Architecture").
import PackageDescription

/// Every Swift target is compiled in Swift 6 mode; the debug configuration is a developer build.
/// A beta build adds `-Xswiftc -DMOZ_CHANNEL_beta`; a plain `-c release` build defines neither.
let channelSettings: [SwiftSetting] = [
    .define("MOZ_CHANNEL_developer", .when(configuration: .debug)),
]

let package = Package(
    name: "FeatureFlagsDebugMenu",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FeatureFlags", targets: ["FeatureFlags"]),
        .library(name: "FeatureFlagsTestSupport", targets: ["FeatureFlagsTestSupport"]),
        .executable(name: "flags", targets: ["flags"]),
        .executable(name: "bibimbap", targets: ["bibimbap"]),
    ],
    targets: [
        // C libraries from Debian, each wrapped once.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // ncursesw's pkg-config adds -D flags SwiftPM refuses with a warning; the shim defines what it needs.
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
        // libcurl's headers only: the library is opened with dlopen on the first fetch (see its shim).
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),

        // What Foundation gives and FoundationEssentials lacks (paths, threads, streams, child
        // processes, error text): every module `flags` links imports only FoundationEssentials,
        // which spares each start loading Foundation, its internationalization and ICU.
        .target(name: "Platform", swiftSettings: channelSettings),

        // The library.
        .target(name: "Prefs", dependencies: ["CSQLite", "Platform"], swiftSettings: channelSettings),
        .target(name: "Nimbus", dependencies: ["CYAML", "CCrypto", "CCurl", "Platform"], swiftSettings: channelSettings),
        .target(name: "FeatureFlags", dependencies: ["Prefs", "Nimbus", "Platform"], swiftSettings: channelSettings),
        .target(name: "FeatureFlagsTestSupport", dependencies: ["FeatureFlags", "Prefs", "TestFolders"], swiftSettings: channelSettings),
        // A test's own temporary folder, with nothing beneath it, for tests below the library.
        .target(name: "TestFolders", swiftSettings: channelSettings),

        // The tool: what the menu and the command line share but no app links (authoring, the
        // matrix, saved states and presets, registry discovery, the demo's data), then the two.
        .target(name: "FlagsTool", dependencies: ["FeatureFlags", "Nimbus", "Prefs", "Platform"], swiftSettings: channelSettings),
        .target(name: "DebugMenu", dependencies: ["FlagsTool", "FeatureFlags", "Nimbus", "Prefs", "Platform", "CNcursesw"], swiftSettings: channelSettings),
        .target(name: "FlagsCLI", dependencies: ["FlagsTool", "FeatureFlags", "Nimbus", "Prefs", "Platform", "DebugMenu"], swiftSettings: channelSettings),
        .executableTarget(name: "flags", dependencies: ["FlagsCLI"], swiftSettings: channelSettings),
        // Performance figures beside baselines from the same run (README, "Performance"). It
        // depends on `flags` so that building it builds the menu it launches, beside it.
        .executableTarget(name: "flags-bench", dependencies: ["FeatureFlags", "Nimbus", "flags"], swiftSettings: channelSettings),

        // The demo app: it adopts the library as an app would. Built in every channel, release included.
        // It runs on the tool's built-in demo registry, so it links FlagsTool for that data.
        .target(name: "BibimbapApp", dependencies: ["FeatureFlags", "FlagsTool", "Prefs"], swiftSettings: channelSettings),
        .executableTarget(name: "bibimbap", dependencies: ["BibimbapApp"], swiftSettings: channelSettings),

        // The threads that tests which wait on other processes run on, off Swift concurrency's pool.
        .target(name: "TestTraits", path: "Tests/TestTraits", swiftSettings: channelSettings),
        // Real servers (Kinto, a fixed-answer HTTP server) started by tests on loopback.
        .target(name: "TestServers", dependencies: ["Nimbus"], path: "Tests/TestServers", swiftSettings: channelSettings),
        // What several test targets share: compiling generated code against this build, fixtures.
        .target(name: "TestHelpers", dependencies: ["FeatureFlags", "FlagsTool", "Nimbus", "Prefs", "FeatureFlagsTestSupport", "TestServers"], path: "Tests/TestHelpers",
                swiftSettings: channelSettings),

        // Reliability tools (issue 9), built only for the tests and CI scripts, never part of `flags`:
        // a store writer to kill and race, a probe that prints what a build's provider answers,
        // and the parser fuzzer shared by the test suite and the release-built `.ci/fuzz` run.
        .executableTarget(name: "prefs-torture", dependencies: ["Prefs"], path: "Tests/Tools/prefs-torture", swiftSettings: channelSettings),
        .executableTarget(name: "flag-probe", dependencies: ["FeatureFlags"], path: "Tests/Tools/flag-probe", swiftSettings: channelSettings),
        .target(name: "ParserFuzzing", dependencies: ["Nimbus", "FeatureFlags", "FlagsTool"], path: "Tests/Tools/ParserFuzzing", swiftSettings: channelSettings),
        .executableTarget(name: "parser-fuzz", dependencies: ["ParserFuzzing"], path: "Tests/Tools/parser-fuzz", swiftSettings: channelSettings),

        .testTarget(name: "PlatformTests", dependencies: ["TestTraits", "Platform", "TestFolders"], swiftSettings: channelSettings),
        .testTarget(name: "PrefsTests", dependencies: ["TestTraits", "Prefs", "TestFolders"], swiftSettings: channelSettings),
        .testTarget(name: "NimbusTests", dependencies: ["TestTraits", "Nimbus", "Platform", "TestServers"], swiftSettings: channelSettings),
        .testTarget(name: "FeatureFlagsTests", dependencies: ["TestTraits", "FeatureFlags", "FlagsTool", "Nimbus", "Prefs", "FeatureFlagsTestSupport", "TestHelpers"], swiftSettings: channelSettings),
        .testTarget(name: "FlagsToolTests", dependencies: ["TestTraits", "FlagsTool", "FeatureFlags", "Nimbus", "Prefs", "FeatureFlagsTestSupport", "TestHelpers"],
                    swiftSettings: channelSettings),
        .testTarget(name: "DebugMenuTests", dependencies: ["TestTraits", "TestHelpers", "DebugMenu", "FlagsTool", "FeatureFlags", "Nimbus", "FeatureFlagsTestSupport", "TestServers"], swiftSettings: channelSettings),
        .testTarget(name: "BibimbapAppTests", dependencies: ["TestTraits", "BibimbapApp", "FlagsTool", "FeatureFlags", "Prefs", "FeatureFlagsTestSupport"], swiftSettings: channelSettings),
        .testTarget(name: "FlagsCLITests", dependencies: ["TestTraits", "TestHelpers", "FlagsCLI", "Platform", "FlagsTool", "FeatureFlags", "Nimbus", "Prefs", "FeatureFlagsTestSupport", "TestServers"], swiftSettings: channelSettings),
        .testTarget(name: "ReliabilityTests",
                    dependencies: ["TestTraits", "TestHelpers", "Prefs", "Nimbus", "FeatureFlags", "FlagsTool", "FeatureFlagsTestSupport", "ParserFuzzing", "prefs-torture", "flag-probe", "flags"],
                    swiftSettings: channelSettings),
    ]
)
