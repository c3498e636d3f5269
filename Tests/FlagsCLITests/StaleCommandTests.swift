import BibimbapData
import FeatureFlags
import FeatureFlagsTestSupport
import Formats
import Foundation
import TestHelpers
import Testing
import TestTraits

/// `flags stale` run as the real binary: on a registry with one flag of each kind, on one with
/// nothing to retire, and on the built-in demo, then `flags remove` of what it listed.
@Suite(.blocking) struct StaleCommandTests {
    private func flags(_ arguments: [String], in folder: TemporaryDirectory, store: String? = nil) throws -> BuiltProgram.Result {
        try BuiltProgram.run(BuiltProgram.flags, arguments, environment: [
            "FLAGS_STORE": store ?? folder.file("store/prefs.sqlite"), "XDG_STATE_HOME": folder.file("state"), "HOME": folder.path,
            "COLUMNS": "200",
        ], in: folder.path)
    }

    /// The advice line that heads each group of the report.
    static let shippedAdvice = "Shipped (on everywhere): delete the flag and keep the code it turns on."
    static let neverShippedAdvice = "Never shipped (off everywhere): delete the flag and the code it would turn on, unless the work on it goes on."

    /// The tables' rows, without the groups' advice lines and headers, split into their flag and reason.
    private func rows(_ output: String) -> [(flag: String, reason: String)] {
        output.split(separator: "\n").filter { !$0.hasPrefix("FLAG ") && !$0.hasPrefix("Shipped (") && !$0.hasPrefix("Never shipped (") }.map { line in
            let flag = line.prefix { $0 != " " }
            return (String(flag), line.dropFirst(flag.count).trimmingCharacters(in: .whitespaces))
        }
    }

    @Test func theOneFullyShippedFlagIsListedAndNothingElse() throws {
        let fixture = try StaleFlagsFixture()
        let table = try flags(["--config", fixture.registryPath, "stale"], in: fixture.folder, store: fixture.storePath)
        #expect(table.status == 0, "\(table.errors)")
        #expect(table.output.hasPrefix(Self.shippedAdvice + "\nFLAG     REASON\n"), "\(table.output)")
        #expect(rows(table.output).map(\.flag) == ["shipped"], "\(table.output)")
        #expect(rows(table.output).first?.reason == "on in every channel (developer, beta, release); "
                + "no experiment or rollout sets shipped-feature.enabled; no debug override stored")
        #expect(table.errors.isEmpty, "\(table.errors)")

        let json = try flags(["--config", fixture.registryPath, "stale", "--json"], in: fixture.folder, store: fixture.storePath)
        #expect(json.status == 0)
        #expect(try JSONParser.parse(json.output) == .array([.object([
            "kind": .string("flag"), "id": .string("shipped"), "value": .bool(true), "shipped": .bool(true),
            "reasons": .array([.string("on in every channel (developer, beta, release)"),
                               .string("no experiment or rollout sets shipped-feature.enabled"), .string("no debug override stored")]),
        ])]))
    }

    /// A flag off everywhere never shipped: keeping "the code for the value it has everywhere"
    /// would mean deleting the feature, so it is listed apart, with that advice.
    @Test func shippedAndNeverShippedFlagsAreListedApartWithOppositeAdvice() throws {
        let fixture = try StaleFlagsFixture(registry: StaleFlagsFixture.registry + "\n  abandoned: { default: false, debug: { title: Abandoned, status: x } }")
        let table = try flags(["--config", fixture.registryPath, "stale"], in: fixture.folder, store: fixture.storePath)
        #expect(table.status == 0, "\(table.errors)")
        let lines = table.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let shipped = try #require(lines.firstIndex(of: Self.shippedAdvice), "\(table.output)")
        let never = try #require(lines.firstIndex(of: Self.neverShippedAdvice), "\(table.output)")
        #expect(lines[shipped + 2].hasPrefix("shipped "), "\(table.output)")
        #expect(lines[never + 2].hasPrefix("abandoned ") && lines[never + 2].contains("hard-coded default: off"), "\(table.output)")
        #expect(shipped < never && lines[never - 1].isEmpty, "\(table.output)")
        let json = try JSONParser.parse(try flags(["--config", fixture.registryPath, "stale", "--json"], in: fixture.folder, store: fixture.storePath).output)
        let abandoned = try #require(json.arrayValue?.first { $0["id"] == .string("abandoned") })
        #expect(abandoned["shipped"] == .bool(false) && abandoned["value"] == .bool(false))
    }

    @Test func clearingTheOverrideMakesThatFlagStale() throws {
        let fixture = try StaleFlagsFixture()
        let reset = try flags(["--config", fixture.registryPath, "reset", "overridden"], in: fixture.folder, store: fixture.storePath)
        #expect(reset.status == 0, "\(reset.errors)")
        let table = try flags(["--config", fixture.registryPath, "stale"], in: fixture.folder, store: fixture.storePath)
        #expect(rows(table.output).map(\.flag) == ["overridden", "shipped"], "\(table.output)")
    }

    @Test func nothingToRetireIsSaidAndIsNoFailure() throws {
        let fixture = try StaleFlagsFixture(registry: """
            app: stale
            manifest: nimbus.fml.yaml
            experiments: records.json
            flags:
              rolled: { feature: rolled-feature, debug: { title: Rolled, status: x } }
              split: { feature: split-feature, debug: { title: Split, status: x } }
            """)
        let table = try flags(["--config", fixture.registryPath, "stale"], in: fixture.folder, store: fixture.storePath)
        #expect(table.status == 0 && table.output.hasPrefix("nothing to retire"), "\(table.output)")
        let json = try flags(["--config", fixture.registryPath, "stale", "--json"], in: fixture.folder, store: fixture.storePath)
        #expect(json.status == 0)
        #expect(try JSONParser.parse(json.output) == .array([]))
    }

    @Test func helpAndUsage() throws {
        let folder = TemporaryDirectory()
        let help = try flags(["stale", "--help"], in: folder)
        #expect(help.status == 0 && help.output.hasPrefix("usage: flags stale [--json]"))
        let list = try flags(["help"], in: folder)
        #expect(list.output.contains("\n  stale "))
        let extra = try flags(["stale", "promoBanner"], in: folder)
        #expect(extra.status == 2 && extra.errors.contains("usage: flags stale [--json]"), "\(extra.errors)")
    }

    @Test func onTheDemoItListsTheShippedFlagsAndRemoveDeletesOne() throws {
        // The built-in demo, as `swift run flags stale` shows it anywhere without a registry.
        let folder = TemporaryDirectory()
        let demo = try flags(["stale"], in: folder)
        #expect(demo.status == 0, "\(demo.errors)")
        #expect(rows(demo.output).map(\.flag) == ["kitchenDisplay", "orderTracking", "promoBanner", "requireOnboarding"], "\(demo.output)")

        // An override keeps a flag; on a copy of the demo's files, `remove` retires another.
        let app = folder.file("app")
        _ = try BibimbapDemo.materialize(in: app)
        let registry = app + "/feature-flags.yaml"
        #expect(try flags(["--config", registry, "set", "promoBanner", "on"], in: folder).status == 0)
        #expect(rows(try flags(["--config", registry, "stale"], in: folder).output).map(\.flag) == ["kitchenDisplay", "orderTracking", "requireOnboarding"])
        let removed = try flags(["--config", registry, "remove", "orderTracking"], in: folder)
        #expect(removed.status == 0, "\(removed.output)\(removed.errors)")
        #expect(rows(try flags(["--config", registry, "stale"], in: folder).output).map(\.flag) == ["kitchenDisplay", "requireOnboarding"])
        #expect(try FeatureFlagRegistry.load(path: registry).flagIfPresent("orderTracking") == nil)
    }
}
