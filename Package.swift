// swift-tools-version:6.0
// The package re-creates Firefox for iOS's feature-flag system and its Feature Flags debug menu.
// Module map and the direction of dependencies: docs/ARCHITECTURE.md, which a test holds to this file.
import PackageDescription


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
        .target(name: "Platform"),
        // Command lines: options declared once, parsed and rendered as help from that declaration.
        .target(name: "CommandLineArguments", dependencies: ["Platform"]),

        // Covering arrays for QA: PICT's model language, constraints, and a generator that keeps
        // the smallest of algebraic constructions, a greedy start and a local search. Below
        // everything but Platform, so the tool, the command line and the benchmark share it.
        .target(name: "Combinations", dependencies: ["Platform"]),

        // The library, and the formats, manifest, HTTP and Remote Settings it reads with.
        .target(name: "Prefs", dependencies: ["CSQLite", "Platform"]),
        .target(name: "Formats", dependencies: ["CYAML", "Platform"]),
        .target(name: "FML", dependencies: ["Formats", "Platform"]),
        .target(name: "HTTP", dependencies: ["CCurl", "Platform"]),
        .target(name: "RemoteSettings", dependencies: ["HTTP", "Formats", "Platform"]),
        .target(name: "Nimbus", dependencies: ["FML", "RemoteSettings", "Formats", "CCrypto", "Platform"]),
        .target(name: "FeatureFlags", dependencies: ["Prefs", "Nimbus", "Platform", "FML", "Formats", "RemoteSettings"]),
        .target(name: "FeatureFlagsTestSupport", dependencies: ["FeatureFlags", "Prefs", "TestFolders"]),
        // A test's own temporary folder, with nothing beneath it, for tests below the library.
        .target(name: "TestFolders"),

        // The demo app's own data (registry, manifest, records), which the tool opens when it finds no registry.
        .target(name: "BibimbapData", dependencies: ["Platform"]),

        // The tool: what the menu and the command line share but no app links (authoring, the
        // matrix, saved states and presets, registry discovery), then the two, whose every file
        // is gated to developer and beta builds (docs/ARCHITECTURE.md says why per file).
        .target(name: "FlagsTool", dependencies: ["Combinations", "FeatureFlags", "Nimbus", "Prefs", "Platform", "FML", "Formats", "HTTP", "RemoteSettings", "BibimbapData"]),
        .target(name: "DebugMenu", dependencies: ["FlagsTool", "FeatureFlags", "Nimbus", "Prefs", "Platform", "CNcursesw", "FML", "Formats", "RemoteSettings"]),
        .target(name: "FlagsCLI", dependencies: ["CommandLineArguments", "FlagsTool", "FeatureFlags", "Nimbus", "Prefs", "Platform", "DebugMenu", "FML", "Formats", "RemoteSettings", "Combinations"]),
        .executableTarget(name: "flags", dependencies: ["FlagsCLI"]),
        // Performance figures beside baselines from the same run (README, "Performance"). It
        // depends on `flags` so that building it builds the menu it launches, beside it.
        .executableTarget(name: "flags-bench", dependencies: ["CommandLineArguments", "FeatureFlags", "Nimbus", "flags", "FML", "Formats", "Combinations", "FlagsTool"]),

        // The demo app: it adopts the library as an app would, with the Swift `flags generate` wrote
        // for its registry, and links what an app links plus its own data. Built in every channel, release included.
        .target(name: "BibimbapApp", dependencies: ["BibimbapData", "CommandLineArguments", "FeatureFlags", "Platform", "Prefs"]),
        .executableTarget(name: "bibimbap", dependencies: ["BibimbapApp"]),

        // The threads that tests which wait on other processes run on, off Swift concurrency's pool.
        .target(name: "TestTraits", path: "Tests/TestTraits"),
        // Real servers (Kinto, a fixed-answer HTTP server) started by tests on loopback.
        .target(name: "TestServers", dependencies: ["RemoteSettings", "Formats"], path: "Tests/TestServers"),
        // What several test targets share: compiling generated code against this build, fixtures.
        .target(name: "TestHelpers", dependencies: ["FeatureFlags", "FlagsTool", "BibimbapData", "Nimbus", "Prefs", "FeatureFlagsTestSupport", "TestServers", "Formats"], path: "Tests/TestHelpers"),

        // Reliability tools (issue 9), built only for the tests and CI scripts, never part of `flags`:
        // a store writer to kill and race, a probe that prints what a build's provider answers,
        // and the parser fuzzer shared by the test suite and the release-built `.ci/fuzz` run.
        .executableTarget(name: "prefs-torture", dependencies: ["Prefs"], path: "Tests/Tools/prefs-torture"),
        .executableTarget(name: "flag-probe", dependencies: ["FeatureFlags"], path: "Tests/Tools/flag-probe"),
        .target(name: "ParserFuzzing", dependencies: ["Nimbus", "FeatureFlags", "FlagsTool", "BibimbapData", "FML", "Formats"], path: "Tests/Tools/ParserFuzzing"),
        .executableTarget(name: "parser-fuzz", dependencies: ["ParserFuzzing"], path: "Tests/Tools/parser-fuzz"),

        .testTarget(name: "CommandLineArgumentsTests", dependencies: ["TestTraits", "CommandLineArguments"]),
        .testTarget(name: "PlatformTests", dependencies: ["TestTraits", "Platform", "TestFolders"]),
        // Data holds PICT's row counts and the models they were measured on, read by path.
        .testTarget(name: "CombinationsTests", dependencies: ["TestTraits", "Combinations", "Platform"], exclude: ["Data"]),
        .testTarget(name: "PrefsTests", dependencies: ["TestTraits", "Prefs", "TestFolders"]),
        .testTarget(name: "FormatsTests", dependencies: ["TestTraits", "Formats", "Platform"]),
        .testTarget(name: "FMLTests", dependencies: ["TestTraits", "FML", "Formats", "Platform"]),
        .testTarget(name: "HTTPTests", dependencies: ["TestTraits", "HTTP", "Formats", "TestServers"]),
        .testTarget(name: "RemoteSettingsTests", dependencies: ["TestTraits", "RemoteSettings", "HTTP", "Formats", "Platform", "TestServers"]),
        .testTarget(name: "NimbusTests", dependencies: ["TestTraits", "Nimbus", "FML", "RemoteSettings", "Formats", "Platform", "TestServers", "HTTP"]),
        .testTarget(name: "FeatureFlagsTests", dependencies: ["TestTraits", "BibimbapData", "FeatureFlags", "FlagsTool", "Nimbus", "Prefs", "FeatureFlagsTestSupport", "TestHelpers", "FML", "Formats", "RemoteSettings"]),
        .testTarget(name: "FlagsToolTests", dependencies: ["TestTraits", "BibimbapData", "FlagsTool", "FeatureFlags", "Nimbus", "Prefs", "FeatureFlagsTestSupport", "TestHelpers", "FML", "Formats", "RemoteSettings", "TestServers"]),
        .testTarget(name: "DebugMenuTests", dependencies: ["TestTraits", "BibimbapData", "TestHelpers", "DebugMenu", "FlagsTool", "FeatureFlags", "Nimbus", "Prefs", "FeatureFlagsTestSupport", "TestServers", "Formats", "RemoteSettings"]),
        .testTarget(name: "BibimbapAppTests", dependencies: ["TestTraits", "TestHelpers", "BibimbapApp", "BibimbapData", "FlagsTool", "FeatureFlags", "Prefs", "FeatureFlagsTestSupport"]),
        .testTarget(name: "FlagsCLITests", dependencies: ["TestTraits", "BibimbapData", "TestHelpers", "FlagsCLI", "Platform", "FlagsTool", "FeatureFlags", "Nimbus", "Prefs", "FeatureFlagsTestSupport", "TestServers", "Formats", "RemoteSettings"]),
        .testTarget(name: "ReliabilityTests", dependencies: ["TestTraits", "BibimbapData", "TestHelpers", "Prefs", "Nimbus", "FeatureFlags", "FlagsTool", "FeatureFlagsTestSupport", "ParserFuzzing", "prefs-torture", "flag-probe", "flags", "FML", "Formats"]),
    ]
)

// Every Swift target is compiled in Swift 6 mode; the debug configuration is a developer build.
// A beta build adds `-Xswiftc -DMOZ_CHANNEL_beta`; a plain `-c release` build defines neither.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.define("MOZ_CHANNEL_developer", .when(configuration: .debug))]
}
