import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Testing
import TestHelpers

@Suite struct FeatureFlagRegistryTests {
    @Test func demoRegistryLoadsWithDerivedKeys() throws {
        let demo = try DemoFixture()
        #expect(demo.registry.app == "bibimbap")
        #expect(demo.registry.flags.map(\.rawValue) == demo.registry.flags.map(\.rawValue).sorted())
        let menu = try demo.flag("newBibimbapMenu")
        #expect(menu.debugKey == "newBibimbapMenuDebugKey")
        #expect(menu.userPrefsKey == "NewBibimbapMenu")
        #expect(menu.isNimbusConfigured)
        let shortcuts = try demo.flag("sponsoredShortcuts")
        #expect(shortcuts.debugKey == nil && !shortcuts.isNimbusConfigured && shortcuts.definition.fallback == true)
        #expect(try demo.flag("kitchenDisplay").debugKey == nil)
    }

    @Test func debuggableFlagsAreSortedByTitleAndExcludeTheRest() throws {
        let demo = try DemoFixture()
        let titles = demo.registry.debuggableFlags.map { $0.definition.debug!.title }
        #expect(titles == titles.sorted { $0.lowercased() < $1.lowercased() })
        #expect(!demo.registry.debuggableFlags.map(\.rawValue).contains("kitchenDisplay"))
    }

    @Test func flagsAreFoundByIdWhateverOrderTheyWereGivenIn() throws {
        let demo = try DemoFixture()
        let registry = demo.registry
        let shuffled = FeatureFlagRegistry(path: registry.path, app: registry.app, manifest: registry.manifest,
                                           manifestPath: registry.manifestPath, flags: registry.flags.map(\.definition).reversed())
        #expect(shuffled.flags == registry.flags && shuffled.debuggableFlags == registry.debuggableFlags)
        for (index, flag) in registry.flags.enumerated() {
            #expect(shuffled.index(ofFlag: flag.rawValue) == index && shuffled.flagIfPresent(flag.rawValue) == flag)
        }
        for missing in ["", "a", "zzzz", registry.flags[0].rawValue + "x"] {
            #expect(shuffled.index(ofFlag: missing) == nil && shuffled.flagIfPresent(missing) == nil)
        }
    }

    @Test func typedPreferenceTakesItsVariantsFromTheManifestEnum() throws {
        let demo = try DemoFixture()
        let startAtHome = try demo.registry.preference("startAtHome")
        #expect(startAtHome.enumName == "StartAtHome")
        #expect(startAtHome.variants == ["afterFourHours", "always", "disabled"])
    }

    @Test func unknownIdSuggestsTheNearest() throws {
        let demo = try DemoFixture()
        let error = try #require(throws: FlagLookupError.self) { try demo.flag("promoBaner") }
        #expect(error.suggestion == "promoBanner")
        #expect(error.description.contains("did you mean 'promoBanner'"))
    }

    // MARK: errors that name the entry

    private func registryError(_ flags: String) throws -> String {
        let folder = TemporaryDirectory()
        SearchFeatureManifest.write(in: folder, moreVariables: ["engine: { description: which, type: String, default: ddg }"])
        let path = folder.write("app: demo\nmanifest: nimbus.fml.yaml\nflags:\n" + flags, to: "feature-flags.yaml")
        do {
            _ = try FeatureFlagRegistry.load(path: path)
        } catch {
            return "\(error)".replacingOccurrences(of: folder.path + "/", with: "")
        }
        Issue.record("the registry loaded, but it should have been refused")
        return ""
    }

    @Test func unknownFeatureNamesTheEntryAndSuggests() throws {
        let message = try registryError("  search:\n    feature: serch-feature\n    variable: enabled\n")
        #expect(message.hasPrefix("feature-flags.yaml:5:14:"))
        #expect(message.contains("`serch-feature`") && message.contains("did you mean `search-feature`"))
    }

    @Test func unknownVariableNamesTheEntry() throws {
        let message = try registryError("  search:\n    feature: search-feature\n    variable: enabld\n")
        #expect(message.hasPrefix("feature-flags.yaml:6:15:"))
        #expect(message.contains("did you mean `enabled`"))
    }

    @Test func nonBooleanVariableIsRefused() throws {
        let message = try registryError("  search:\n    feature: search-feature\n    variable: engine\n")
        #expect(message.contains("String, not Boolean"))
    }

    @Test func flagIdMustBeASwiftIdentifier() throws {
        let message = try registryError("  new-search:\n    default: true\n")
        #expect(message.hasPrefix("feature-flags.yaml:4:3:"))
        #expect(message.contains("not a Swift identifier"))
    }

    @Test func unknownKeyIsRefusedWithSuggestion() throws {
        let message = try registryError("  search:\n    feature: search-feature\n    debugg: {title: x}\n")
        #expect(message.contains("unknown key `debugg`") && message.contains("did you mean `debug`"))
    }

    @Test func flagNeedsAFeatureOrAFallback() throws {
        let message = try registryError("  search:\n    userPrefsKey: Search\n")
        #expect(message.contains("neither `feature`"))
    }

    // MARK: stored keys name one thing

    @Test func aUserPreferenceStoredUnderAnotherFlagsDebugKeyIsRefusedNamingBoth() throws {
        let message = try registryError("""
              tipJar:
                feature: search-feature
                variable: enabled
                debug: { title: Tip jar, status: Tips }
              search:
                feature: search-feature
                variable: enabled
                userPrefsKey: tipJarDebugKey

            """)
        #expect(message.contains("flag `search`") && message.contains("`tipJarDebugKey`"))
        #expect(message.contains("suffix of debug overrides"))
    }

    @Test func aUserPreferenceKeyEndingInTheDebugSuffixIsRefusedEvenWithoutACollision() throws {
        let message = try registryError("  search:\n    feature: search-feature\n    variable: enabled\n    userPrefsKey: searchDebugKey\n")
        #expect(message.hasPrefix("feature-flags.yaml:4:3:") && message.contains("ends in `DebugKey`"))
    }

    @Test func twoFlagsSharingAUserPreferenceKeyAreRefusedNamingBoth() throws {
        let message = try registryError("""
              search:
                feature: search-feature
                variable: enabled
                userPrefsKey: SearchOn
              other:
                default: true
                userPrefsKey: SearchOn

            """)
        #expect(message.contains("the user preference of flag `other`") && message.contains("the user preference of flag `search`"))
        #expect(message.contains("must be unique"))
    }

    @Test func aUserPreferenceKeyInTheToolsOwnBranchesIsRefused() throws {
        let message = try registryError("  search:\n    default: true\n    userPrefsKey: nimbus.nimbusId\n")
        #expect(message.contains("the store's own `nimbus.` branch"))
    }

    // MARK: build flags

    private func buildFlagsError(_ section: String) throws -> String {
        try registryError("  search:\n    default: true\nbuild-flags:\n" + section)
    }

    @Test func aBuildFlagNeedsAValueForEveryDistribution() throws {
        let message = try buildFlagsError("  featureX: { description: Booking, debug: true, testflight: true }\n")
        #expect(message.contains("build flag `featureX` has no value for `appstore`"))
    }

    @Test func aBuildFlagValueMustBeABoolean() throws {
        let message = try buildFlagsError("  featureX: { description: Booking, debug: yes please, testflight: true, appstore: false }\n")
        #expect(message.contains("`debug` of build flag `featureX` must be true or false"))
    }

    @Test func aBuildFlagNeedsADescriptionAndKnownKeys() throws {
        #expect(try buildFlagsError("  featureX: { debug: true, testflight: true, appstore: false }\n").contains("is missing `description`"))
        #expect(try buildFlagsError("  featureX: { description: B, debug: true, testflight: true, appstore: false, beta: true }\n")
            .contains("unknown key `beta` in build flag `featureX`"))
    }
}
