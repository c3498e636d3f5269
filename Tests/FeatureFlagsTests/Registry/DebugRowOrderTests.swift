import Testing
@testable import FeatureFlags

@Suite struct DebugRowOrderTests {
    private func list(_ rows: [(id: String, title: String?)]) -> FeatureFlagList {
        FeatureFlagList(rows.map { row in
            FeatureFlagID(FeatureFlagDefinition(id: row.id, debug: row.title.map { .init(title: $0, status: "") }, fallback: false))
        })
    }

    /// The menu's rows: only flags with a debug row, by title whatever its case, and flags of one
    /// title in id order.
    @Test func ordersTheFlagsWithARowByTitleThenId() {
        let flags = list([("zeta", "Banner"), ("alpha", "menu"), ("beta", nil), ("gamma", "banner"), ("delta", "Apple")])
        let titles = DebugRowOrder(of: flags).positions.map { flags[$0].rawValue }
        // Sorted by id, the list is alpha, beta, delta, gamma, zeta; "banner" ties go by id.
        #expect(titles == ["delta", "gamma", "zeta", "alpha"])
    }

    /// Worked out when asked, the order is the same each time it is asked; read from a snapshot,
    /// it is what was stored, not worked out again.
    @Test func answersWithTheSameOrderAndKeepsAStoredOne() {
        let flags = list([("b", "Two"), ("a", "One"), ("c", "three")])
        let order = DebugRowOrder(of: flags)
        #expect(order.positions == [0, 2, 1])
        #expect(order.positions == order.positions)
        #expect(DebugRowOrder(positions: [2, 1], of: flags).positions == [2, 1])
    }
}
