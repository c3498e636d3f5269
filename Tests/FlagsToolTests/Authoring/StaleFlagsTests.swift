import FeatureFlags
import FeatureFlagsTestSupport
import Foundation
import FML
import Testing
import TestHelpers
@testable import FlagsTool

/// `StaleFlags` on real registries, records and stores in a temporary folder.
@Suite struct StaleFlagsTests {
    @Test func onlyTheFullyShippedFlagIsListedWithItsReasons() throws {
        let fixture = try StaleFlagsFixture()
        let stale = StaleFlags(environment: try fixture.environment())
        #expect(stale.entries.map(\.id) == ["shipped"])
        let shipped = try #require(stale.entries.first { $0.id == "shipped" })
        #expect(shipped.kind == .flag && shipped.value == true)
        #expect(shipped.reasons == ["on in every channel (developer, beta, release)",
                                    "no experiment or rollout sets shipped-feature.enabled",
                                    "no debug override stored"])
        #expect(stale.caveats.isEmpty)
    }

    @Test func eachKeptFlagSaysWhyItStays() throws {
        let fixture = try StaleFlagsFixture()
        let kept = Dictionary(uniqueKeysWithValues: StaleFlags(environment: try fixture.environment()).kept.map { ($0.id, $0.reasons) })
        #expect(kept.keys.sorted() == ["overridden", "rolled", "split", "userSetting"])
        #expect(kept["split"] == ["differs by channel: on in developer, off in beta, off in release"])
        // Paused and for beta only: this developer client is not enrolled, and it still counts.
        #expect(kept["rolled"] == ["set by rollout rolled-rollout"])
        #expect(kept["overridden"] == ["a debug override (on) is stored under overriddenDebugKey; `flags reset overridden` clears it"])
        #expect(kept["userSetting"] == ["users switch it themselves (userPrefsKey UserSettingKey)"])
    }

    @Test func theAnswerIsTheSameWhicheverChannelIsPreviewed() throws {
        let fixture = try StaleFlagsFixture()
        for channel in BuildChannel.allCases {
            #expect(StaleFlags(environment: try fixture.environment(channel)).entries.map(\.id) == ["shipped"], "\(channel)")
        }
    }

    @Test func aRecordOnAnotherVariableOfTheFeatureLeavesTheFlagAlone() throws {
        let fixture = try StaleFlagsFixture(registry: StaleFlagsFixture.withSibling)
        let stale = StaleFlags(environment: try fixture.environment())
        #expect(stale.entries.map(\.id) == ["shipped", "sibling"])
        #expect(stale.entries.last?.reasons.contains("no experiment or rollout sets sibling-feature.enabled") == true)
    }

    @Test func aHardCodedDefaultCountsByItsValue() throws {
        let fixture = try StaleFlagsFixture(registry: """
            app: stale
            manifest: nimbus.fml.yaml
            flags:
              legacy: { default: false }
              legacyToggle: { default: true, userPrefsKey: LegacyToggleKey }
            """, records: [])
        let stale = StaleFlags(environment: try fixture.environment())
        #expect(stale.entries == [StaleFlags.Entry(id: "legacy", value: false, reasons: [
            "hard-coded default: off (no Nimbus feature)", "no Nimbus feature, so no experiment or rollout can set it",
            "not debuggable, so never overridden"])])
        #expect(stale.kept.map(\.id) == ["legacyToggle"])
        #expect(stale.caveats.count == 1 && stale.caveats[0].contains("names no experiment records"))
    }

    @Test func recordsThatCouldNotBeReadAreNamedAsACaveat() throws {
        var broken = StaleFlagsFixture.record("broken-one", feature: "shipped-feature", value: .object(["enabled": .bool(false)]), isRollout: true)
        if case .object(var fields) = broken { fields["branches"] = nil; broken = .object(fields) }
        let fixture = try StaleFlagsFixture(records: StaleFlagsFixture.records + [broken])
        let stale = StaleFlags(environment: try fixture.environment())
        #expect(stale.caveats.count == 1 && stale.caveats[0].contains("broken-one") && stale.caveats[0].contains("may be listed"))
    }

    @Test func manyUnreadRecordsAreCountedNotAllNamed() throws {
        let fixture = try StaleFlagsFixture()
        let registry = try FeatureFlagRegistry.load(path: fixture.registryPath)
        let names = (1...40).map { "record #\($0)" }
        let caveat = try #require(StaleFlags(registry: registry, records: [], unreadRecords: names) { _ in nil }.caveats.first)
        #expect(caveat.hasPrefix("40 record(s) could not be read (record #1, record #2, record #3, record #4, record #5 and 35 more;"))
    }

    @Test func aChannelTheManifestLacksResolvesToThePlainDefault() throws {
        // The app still runs in release; there the variable falls back to off, so the flag differs.
        let registry = FeatureFlagRegistry(
            path: "test", app: "x", manifest: try manifest("channels: [developer, beta]\nfeatures:\n  a-feature:\n    description: A.\n    variables:\n      enabled: { description: On., type: Boolean, default: false }\n    defaults:\n      - value: { enabled: true }\n"),
            manifestPath: "test", flags: [FeatureFlagDefinition(id: "a", nimbus: .init(feature: "a-feature", variable: "enabled"))])
        let stale = StaleFlags(registry: registry, records: []) { _ in nil }
        #expect(stale.entries.isEmpty)
        #expect(stale.kept.first?.reasons == ["differs by channel: on in developer, on in beta, off in release"])
    }

    @Test func aBuildChannelMappedToADeclaredChannelIsNotAChannelOfItsOwn() throws {
        // Focus for Android's style: the developer build resolves `debug`, so no plain-default
        // "developer" channel makes the flag look as if it differed.
        let registry = FeatureFlagRegistry(
            path: "test", app: "x", manifest: try manifest("channels: [debug, beta, release]\nfeatures:\n  a-feature:\n    description: A.\n    variables:\n      enabled: { description: On., type: Boolean, default: false }\n    defaults:\n      - value: { enabled: true }\n"),
            manifestPath: "test", flags: [FeatureFlagDefinition(id: "a", nimbus: .init(feature: "a-feature", variable: "enabled"))],
            channels: ChannelMap([.developer: "debug"]))
        let stale = StaleFlags(registry: registry, records: []) { _ in nil }
        #expect(stale.kept.isEmpty)
        #expect(stale.entries.first?.reasons.first == "on in every channel (debug, beta, release)")
    }

    @Test func aBuildFlagEqualInEveryDistributionIsListedAndOneThatDiffersIsKept() throws {
        let settled = BuildFlagDefinition(name: "oldPaywall", description: "Shipped.", values: [.debug: true, .testflight: true, .appstore: true])
        let dark = BuildFlagDefinition(name: "newBooking", description: "Unfinished.", values: [.debug: true, .testflight: true, .appstore: false])
        let registry = FeatureFlagRegistry(path: "test", app: "x", manifest: try manifest("channels: [developer, beta, release]\nfeatures: {}\n"),
                                           manifestPath: "test", flags: [], buildFlags: [settled, dark])
        let stale = StaleFlags(registry: registry, records: []) { _ in nil }
        #expect(stale.entries == [StaleFlags.Entry(kind: .buildFlag, id: "oldPaywall", value: true,
                                                   reasons: ["build flag on in every distribution (debug on, testflight on, appstore on)"])])
        #expect(stale.kept.map(\.id) == ["newBooking"] && stale.kept[0].kind == .buildFlag)
    }

    private func manifest(_ text: String) throws -> FeatureManifest {
        let folder = TemporaryDirectory()
        return try FeatureManifest.load(path: folder.write(text, to: "nimbus.fml.yaml"))
    }
}
