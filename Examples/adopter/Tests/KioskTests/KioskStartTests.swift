import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
@testable import Kiosk
import Testing

/// Start-up with the real registry and a real store: the generated Swift matches the registry,
/// a registry it no longer matches is refused with the difference named, and the typed features
/// read the flags start-up opened. One at a time: every start points the app's one
/// `KioskNimbus.shared` at its own store.
@Suite(.serialized, .scopedAppContainer) struct KioskStartTests {
    /// The package's own folder, where `feature-flags.yaml` and `nimbus.fml.yaml` are.
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let folder = TemporaryDirectory()

    @Test func theCheckedInRegistryStartsTheAppWithItsDeveloperDefaults() throws {
        let options = FlagsOptions(configPath: Self.package.appendingPathComponent("feature-flags.yaml").path,
                                   storePath: folder.file("prefs.sqlite"), channel: .developer, environment: ["FLAGS_NO_CACHE": "1"])
        try KioskStart.bootstrap(options)
        // The manifest turns the new menu on in the developer channel.
        #expect(HomeViewModel().showsNewMenu)
        #expect(!HomeViewModel().showsPromoBanner)
    }

    @Test func theTypedFeaturesReadTheChannelTheFlagsWereOpenedFor() throws {
        // The generated defaults are the developer channel's (the new menu on); release has it off.
        #expect(KioskNimbus.MenuFeature().newMenu)
        let options = FlagsOptions(configPath: Self.package.appendingPathComponent("feature-flags.yaml").path,
                                   storePath: folder.file("prefs.sqlite"), channel: .release, environment: ["FLAGS_NO_CACHE": "1"])
        try KioskStart.bootstrap(options)
        #expect(KioskNimbus.shared.features.menuFeature.value() == KioskNimbus.MenuFeature(newMenu: false))
    }

    @Test func aRegistryTheGeneratedCodeNoLongerMatchesIsRefused() throws {
        let manifest = try String(contentsOf: Self.package.appendingPathComponent("nimbus.fml.yaml"), encoding: .utf8)
        folder.write(manifest, to: "nimbus.fml.yaml")
        let registry = folder.write("""
            app: kiosk
            manifest: nimbus.fml.yaml
            flags:
              newBibimbapMenu: { feature: menu-feature, variable: new-menu }
            """, to: "feature-flags.yaml")
        let options = FlagsOptions(configPath: registry, storePath: folder.file("prefs.sqlite"), environment: ["FLAGS_NO_CACHE": "1"])
        let error = try #require(throws: GeneratedCodeMismatch.self) { try KioskStart.bootstrap(options) }
        #expect(error.differences.contains("flag 'newBibimbapMenu' is debuggable in the code but not debuggable in the registry"))
        #expect(error.differences.contains("flag 'promoBanner' is not in the registry"))
    }
}
