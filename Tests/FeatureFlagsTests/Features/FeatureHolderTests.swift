import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import Formats
import Prefs
import Synchronization
import Testing
import TestHelpers

/// The holders of the checked-in `ShopFeatures.swift` (generated from `ShopFixture.manifest`),
/// over real environments: a SQLite store in a temporary folder and experiment record files.
/// Each test makes its own container, so tests running at once do not share cached values.
@Suite struct FeatureHolderTests {
    let shop = ShopFixture()

    @Test func beforeInitializingValuesAreTheGeneratedDefaults() {
        let nimbus = ShopNimbus()
        #expect(nimbus.features.shopFeature.value() == ShopNimbus.ShopFeature())
        #expect(nimbus.features.shopFeature.value().greeting == "Hi developer")
        nimbus.features.shopFeature.recordExposure()   // nowhere to count it: nothing happens
    }

    @Test(arguments: [(BuildChannel.developer, true, "Hi developer"), (.beta, true, "Hello"), (.release, false, "Hello")])
    func valuesAreTheManifestDefaultsOfTheRunningChannel(channel: BuildChannel, enabled: Bool, greeting: String) throws {
        let nimbus = ShopNimbus()
        nimbus.initialize(with: NimbusFeatureValues(environment: try shop.environment(channel)))
        let value = nimbus.features.shopFeature.value()
        #expect(value.enabled == enabled && value.greeting == greeting)
        #expect(value.mode == .walkIn && value.limit == nil && value.tags == ["fresh"])
        #expect(value.prices == [.walkIn: 1, .delivery: 2])
        #expect(value.card == ShopNimbus.Card(title: "Welcome", size: 1))
        #expect(value.cards == ["top": ShopNimbus.Card(title: "Top", size: 1)])
        #expect(nimbus.features.tinyFeature.value().enabled)
    }

    @Test func anExperimentBranchSetsEveryKindOfVariable() throws {
        let branch: JSONValue = .object([
            "enabled": .bool(false), "mode": .string("delivery"), "limit": .int(3), "tags": .array([.string("new"), .string("hot")]),
            "prices": .object(["delivery": .int(5)]), "card": .object(["title": .string("Big")]),
            "cards": .object(["side": .object(["size": .int(2)])]),
        ])
        let environment = try shop.environment(.release, records: [ShopFixture.experiment("shop-test", value: branch)])
        let nimbus = ShopNimbus()
        nimbus.initialize(with: NimbusFeatureValues(environment: environment))
        let value = nimbus.features.shopFeature.value()
        #expect(value.enabled == false && value.mode == .delivery && value.limit == 3 && value.tags == ["new", "hot"])
        #expect(value.prices == [.walkIn: 1, .delivery: 5], "maps merge key by key over the default")
        #expect(value.card == ShopNimbus.Card(title: "Big", size: 1), "a partial object keeps its other fields' defaults")
        #expect(value.cards["side"] == ShopNimbus.Card(title: "Welcome", size: 2))
        #expect(value.greeting == "Hello", "what the branch leaves out is the channel default")
    }

    @Test func aVariableOfTheWrongTypeFallsBackToItsDefault() throws {
        let branch: JSONValue = .object(["enabled": .string("yes"), "limit": .string("ten"), "mode": .string("teleport"), "tags": .array([.string("ok")])])
        let environment = try shop.environment(.developer, records: [ShopFixture.experiment("bad-types", value: branch)])
        let nimbus = ShopNimbus()
        nimbus.initialize(with: NimbusFeatureValues(environment: environment))
        let value = nimbus.features.shopFeature.value()
        #expect(value.enabled == true && value.limit == nil && value.mode == .walkIn)
        #expect(value.tags == ["ok"], "the variables of the right type still apply")

        // Past the resolver (a provider of the app's own, say): each variable falls back to the
        // channel default, then to the generated one; a list with one bad element falls back whole.
        let variables = FeatureVariables(
            .object(["enabled": .int(1), "tags": .array([.string("a"), .int(2)]), "card": .string("x"), "prices": .object(["bike": .int(9)])]),
            defaults: .object(["enabled": .bool(false)]))
        let read = ShopNimbus.ShopFeature(variables)
        #expect(read.enabled == false && read.tags == ["fresh"] && read.card == ShopNimbus.Card() && read.prices == [.walkIn: 1, .delivery: 2])
        #expect(ShopNimbus.ShopFeature(.empty) == ShopNimbus.ShopFeature())
    }

    @Test func exposuresAreCountedInTheStoreAndSurviveReopening() throws {
        let nimbus = ShopNimbus()
        nimbus.initialize(with: NimbusFeatureValues(environment: try shop.environment(.developer)))
        for _ in 0..<3 { nimbus.features.shopFeature.recordExposure() }
        nimbus.features.tinyFeature.recordExposure()
        let reopened = try SQLitePrefs(path: shop.folder.file("prefs.sqlite"))
        #expect(reopened.intForKey("nimbus.exposure.shop-feature") == 3)
        #expect(FeatureExposures(prefs: reopened).count(of: "tiny-feature") == 1)
        #expect(FeatureExposures(prefs: reopened).count(of: "other-feature") == 0)
    }

    @Test func concurrentExposuresInOneProcessAreAllCounted() async throws {
        let nimbus = ShopNimbus()
        nimbus.initialize(with: NimbusFeatureValues(environment: try shop.environment(.developer)))
        let holder = nimbus.features.tinyFeature
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<40 { group.addTask { holder.recordExposure() } }
        }
        #expect(FeatureExposures(prefs: try SQLitePrefs(path: shop.folder.file("prefs.sqlite"))).count(of: "tiny-feature") == 40)
    }

    @Test func cachedValueForcesTheWholeFeatureUntilReset() throws {
        let nimbus = ShopNimbus()
        let holder = nimbus.features.shopFeature
        nimbus.initialize(with: NimbusFeatureValues(environment: try shop.environment(.release)))
        #expect(holder.value().enabled == false)
        let forced = ShopNimbus.ShopFeature(enabled: true, greeting: "Forced", mode: .delivery, tags: [])
        holder.with(cachedValue: forced)
        #expect(holder.value() == forced)
        nimbus.initialize(with: NimbusFeatureValues(environment: try shop.environment(.beta)))
        #expect(holder.value() == forced, "a forced value outlives a new provider")
        holder.with(cachedValue: nil)
        #expect(holder.value().greeting == "Hello" && holder.value().enabled == true, "back to the resolved (beta) value")

        holder.with(initializer: { variables in
            var value = ShopNimbus.ShopFeature(variables)
            value.greeting = "From the test"
            return value
        })
        #expect(holder.value().greeting == "From the test" && holder.value().enabled == true)
        holder.reset()
        #expect(holder.value().greeting == "Hello")
    }

    @Test func theValueIsBuiltOnceUntilTheProviderChanges() async throws {
        let counting = CountingProvider()
        let nimbus = ShopNimbus()
        nimbus.initialize(with: counting)
        let holder = nimbus.features.shopFeature
        let values = await withTaskGroup(of: ShopNimbus.ShopFeature.self) { group in
            for _ in 0..<32 { group.addTask { holder.value() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(values.map(\.greeting)) == ["counted"])
        let builtWhileRacing = counting.reads
        _ = holder.value()
        #expect(counting.reads == builtWhileRacing, "read from the cache")
        nimbus.initialize(with: counting)
        _ = holder.value()
        #expect(counting.reads == builtWhileRacing + 1, "a new provider drops the cache")
    }
}

/// A provider that counts how often a feature's variables are read.
final class CountingProvider: FeatureValuesProviding {
    private let count = Atomic<Int>(0)
    var reads: Int { count.load(ordering: .relaxed) }

    func variables(forFeature featureId: String) -> FeatureVariables {
        count.add(1, ordering: .relaxed)
        return FeatureVariables(.object(["greeting": .string("counted")]))
    }

    func recordExposure(featureId: String) {}
}
