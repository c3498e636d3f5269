@testable import DebugMenu
import Testing

@Suite("RowLayout")
struct RowLayoutTests {
    /// Flags 0...3 in the registry; flags 3 and 1 have switches, in that (title) order.
    private let layout = RowLayout(debuggable: [3, 1], flagCount: 4)

    @Test func aFlagsSwitchIsFoundFromItsPlaceInTheRegistry() {
        #expect(layout.featureFlagRow(ofFlagAt: 3) == 0)
        #expect(layout.featureFlagRow(ofFlagAt: 1) == 1)
        #expect(layout.debuggable == [3, 1])
    }

    @Test func aFlagWithoutASwitchOrOutsideTheRegistryHasNoSwitchRow() {
        #expect(layout.featureFlagRow(ofFlagAt: 0) == nil)
        #expect(layout.featureFlagRow(ofFlagAt: 2) == nil)
        #expect(layout.featureFlagRow(ofFlagAt: 4) == nil)
        #expect(layout.featureFlagRow(ofFlagAt: -1) == nil)
        #expect(RowLayout().featureFlagRow(ofFlagAt: 0) == nil)
    }
}
