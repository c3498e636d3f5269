import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Prefs
import TestHelpers
import Testing
import FlagsTool

/// The beta and release branches of the channel gate, and the TestFlight and App Store
/// distributions, compiled and run inside `swift test`: the test suite itself is a developer
/// build, so without this only CI scripts ever compiled them. `flag-probe` is built with each
/// one's flags, each in its own
/// scratch folder under `.build` (so the build of this suite is not disturbed and later runs are
/// incremental), then asked what a store holding a developer build's override gives.
@Suite(.serialized, .enabled(if: SwiftToolchain.swift != nil, "no `swift` found to build the beta and release probes"))
struct ChannelBuildTests {
    let folder = TemporaryDirectory()

    @Test(arguments: ChannelProbe.allCases)
    func aBuildHonoursAStoredOverrideOnlyWhereItsChannelAllows(probe: ChannelProbe) throws {
        let binary = try probe.build()
        let registry = try BibimbapDemo.materialize(in: folder.file("app"))
        let store = folder.file("store/prefs.sqlite")
        let baseline = try probe.ask(binary, registry: registry, store: store)
        #expect(baseline.hasPrefix(probe.identity + " "), "a \(probe) build says \(baseline)")
        let nimbusValue = baseline.hasSuffix("enabled=true")

        try SQLitePrefs(path: store).setBool(!nimbusValue, forKey: "newBibimbapMenuDebugKey")
        let expected = probe.honoursOverrides ? !nimbusValue : nimbusValue
        #expect(try probe.ask(binary, registry: registry, store: store) == "\(probe.identity) enabled=\(expected)")
    }

    /// Forced branches and feature overrides are debug overrides too: a store holding both (as a
    /// developer build's `flags enroll` and `flags feature set` write them) changes a beta or
    /// TestFlight build's answers and leaves a release or App Store build's the natural ones.
    /// newBibimbapMenu reads the demo's new-menu-test experiment, which enrols every client:
    /// the branch forced is the one that gives the other value; spicyMode's variable is set by hand.
    @Test(arguments: ChannelProbe.allCases)
    func aBuildHonoursForcedBranchesAndFeatureOverridesOnlyWhereItsChannelAllows(probe: ChannelProbe) throws {
        let binary = try probe.build()
        let registry = try BibimbapDemo.materialize(in: folder.file("nimbus-app"))
        let store = folder.file("nimbus-store/prefs.sqlite")
        let menu = try probe.ask(binary, registry: registry, store: store).hasSuffix("enabled=true")
        let spicy = try probe.ask(binary, registry: registry, store: store, flag: "spicyMode").hasSuffix("enabled=true")

        let overrides = NimbusOverrideStore(prefs: try SQLitePrefs(path: store))
        try overrides.forceBranch(menu ? "control" : "treatment", of: "new-menu-test")
        try overrides.setFeatureValue(.bool(!spicy), variable: "extra-gochujang", of: "bibimbap-feature")
        let honoured = probe.honoursOverrides
        #expect(try probe.ask(binary, registry: registry, store: store) == "\(probe.identity) enabled=\(honoured ? !menu : menu)",
                "forced branch of new-menu-test")
        #expect(try probe.ask(binary, registry: registry, store: store, flag: "spicyMode") == "\(probe.identity) enabled=\(honoured ? !spicy : spicy)",
                "feature override of bibimbap-feature.extra-gochujang")
    }

    /// The demo app built for TestFlight honours a stored override and shows TestFlight's build
    /// flags (no paywall for testers); built for the App Store it ignores the override and shows
    /// the App Store's (the unfinished featureX off).
    @Test(arguments: [ChannelProbe.testflight, .appstore])
    func theDemoAppShowsItsDistributionsBuildFlagsAndGate(probe: ChannelProbe) throws {
        let app = try probe.build(product: "bibimbap")
        let store = folder.file("app-store/prefs.sqlite")
        try SQLitePrefs(path: store).setBool(false, forKey: "promoBannerDebugKey")
        // Wide enough that the footer's build line is one line (a pipe gets a phone's 64 columns).
        let result = try BuiltProgram.run(app, ["--width", "100"], environment: ["FLAGS_STORE": store, "HOME": folder.path,
                                                                 "XDG_STATE_HOME": folder.file("state")])
        #expect(result.status == 0, "\(result.errors)")
        if probe == .testflight {
            #expect(result.output.contains("build channel: beta · 1 override honoured"))
            #expect(result.output.contains("testflight build · featureX on · requireOnboarding on · requirePaywall off"))
            #expect(!result.output.contains("Free kimchi"), "the override turned the promo banner off")
        } else {
            #expect(result.output.contains("build channel: release · 1 override stored, ignored"))
            #expect(result.output.contains("appstore build · featureX off · requireOnboarding on · requirePaywall on"))
            #expect(result.output.contains("Free kimchi"), "the App Store build ignores the override")
        }
    }

    /// `-DAPPSTORE` in a debug build (which defines MOZ_CHANNEL_developer) would be a guess
    /// between an App Store build and a developer one: it does not compile, and says why.
    @Test func aBuildWhoseConditionsDisagreeDoesNotCompile() throws {
        let scratch = SwiftToolchain.packageRoot + "/.build/channel-probes/disagreeing"
        let result = try BuiltProgram.run(try #require(SwiftToolchain.swift),
                                          ["build", "--package-path", SwiftToolchain.packageRoot, "--scratch-path", scratch,
                                           "-Xswiftc", "-DAPPSTORE", "--product", "flag-probe"])
        #expect(result.status != 0)
        #expect((result.output + result.errors).contains("APPSTORE is defined in a developer or beta build"))
    }
}
