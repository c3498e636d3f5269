import FeatureFlags
import FeatureFlagsTestSupport
import Testing
import TestHelpers

/// `checkGenerated(flags:preferences:)`: what the generated `checkGeneratedCode()` calls at an
/// app's start, so that Swift generated from another registry is an error, not a flag that
/// silently reads the wrong variable.
@Suite struct GeneratedCodeCheckTests {
    let demo = try! DemoFixture()

    @Test func theRegistryTheCodeWasGeneratedFromPasses() throws {
        try demo.registry.checkGenerated(flags: Array(demo.registry.flags), preferences: demo.registry.preferences)
        // A title is the menu's business: compiled with another one, the flag still behaves the same.
        let retitled = FeatureFlagID(FeatureFlagDefinition(id: "tipJar", nimbus: try demo.flag("tipJar").definition.nimbus,
                                                           debug: .init(title: "Old title", status: "Old status")))
        try demo.registry.checkGenerated(flags: [retitled], preferences: [])
    }

    @Test func everyDifferenceIsNamedWithTheRegistryAndTheFix() throws {
        let missing = FeatureFlagID(FeatureFlagDefinition(id: "tipJars", nimbus: .init(feature: "tip-jar-feature", variable: "enabled")))
        let otherVariable = FeatureFlagID(FeatureFlagDefinition(id: "promoBanner", nimbus: .init(feature: "promo-banner-feature", variable: "shown"),
                                                                debug: .init(title: "P", status: "S")))
        let lostDebugRow = FeatureFlagID(FeatureFlagDefinition(id: "reviews", nimbus: try demo.flag("reviews").definition.nimbus))
        let otherFallback = FeatureFlagID(FeatureFlagDefinition(id: "sponsoredShortcuts", userPrefsKey: "SponsoredShortcutsUserPrefsKey", fallback: false))
        let start = try demo.registry.preference("startAtHome")
        let otherVariants = TypedPreference(id: start.id, nimbus: start.nimbus, userPrefsKey: start.userPrefsKey, enumName: start.enumName,
                                            variants: ["always", "never"])
        let error = try #require(throws: GeneratedCodeMismatch.self) {
            try demo.registry.checkGenerated(flags: [otherVariable, missing, lostDebugRow, otherFallback], preferences: [otherVariants])
        }
        #expect(error.differences == [
            "flag 'promoBanner' reads promo-banner-feature.shown in the code but promo-banner-feature.enabled in the registry",
            "flag 'reviews' is not debuggable in the code but debuggable in the registry",
            "flag 'sponsoredShortcuts' falls back to false in the code but true in the registry",
            "flag 'tipJars' is not in the registry (did you mean 'tipJar'?)",
            "preference 'startAtHome' reads start-at-home-feature.setting under StartAtHomeUserPrefsKey with variants always, never in the code, "
                + "but start-at-home-feature.setting under StartAtHomeUserPrefsKey with variants afterFourHours, always, disabled in the registry",
        ])
        #expect(error.description.hasPrefix("the Swift generated for \(demo.registry.path) no longer matches it: "))
        #expect(error.description.hasSuffix("run `flags --config \(demo.registry.path) generate --output FILE` again (FILE: the app's generated source) and rebuild"))
    }
}
