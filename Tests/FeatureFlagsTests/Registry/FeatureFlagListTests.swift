import FeatureFlagsTestSupport
import Formats
import Testing
@testable import FeatureFlags
import TestHelpers

@Suite struct FeatureFlagListTests {
    @Test func wholeListIsSortedByIdAndFindsEachFlag() {
        let ids = ["zeta", "alpha", "Beta", "alpha2", "_private"]
        let list = FeatureFlagList(ids.map { FeatureFlagID(FeatureFlagDefinition(id: $0)) })
        // UTF-8 byte order: upper case and "_" before lower case, as for a snapshot's index.
        #expect(list.map(\.rawValue) == ["Beta", "_private", "alpha", "alpha2", "zeta"])
        for (position, flag) in list.enumerated() { #expect(list.position(of: flag.rawValue) == position) }
        #expect(list.position(of: "alpha1") == nil && list.position(of: "") == nil)
    }

    /// A registry read back from its snapshot holds an index, not flags: every flag it makes must
    /// be the flag that was written, with the same details, found at the same position.
    @Test func snapshotListMakesTheFlagsThatWereWritten() throws {
        let demo = try DemoFixture()
        let registry = demo.registry
        var writer = SnapshotWriter()
        registry.write(to: &writer)
        var reader = try SnapshotReader(writer.finish())
        let readBack = try FeatureFlagRegistry(snapshot: &reader)
        #expect(readBack.flags == registry.flags)
        for (position, flag) in registry.flags.enumerated() {
            let made = readBack.flags[position]
            #expect(made.rawValue == flag.rawValue)
            #expect(made.definition.nimbus == flag.definition.nimbus && made.definition.debug == flag.definition.debug)
            #expect(made.userPrefsKey == flag.userPrefsKey && made.definition.fallback == flag.definition.fallback)
            #expect(readBack.flags.position(of: flag.rawValue) == position)
        }
        #expect(readBack.flags.position(of: registry.flags[0].rawValue + "x") == nil)
    }
}
