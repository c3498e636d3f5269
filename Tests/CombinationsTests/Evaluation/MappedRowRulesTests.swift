import Testing
@testable import Combinations

@Suite struct MappedRowRulesTests {
    @Test func aGroupCanOnlyTakeItsRows() throws {
        var parser = ModelParser()
        let model = try parser.parse("A: 1, 2\nB: 1, 2\nC: on, off\nIF [C] = \"on\" THEN [A] = 2 AND [B] = 2;\n")
        let base = ConstraintRules(model: model)
        // The group {A, B} has the rows (1, 1) and (1, 2) only: C = on needs (2, 2), which it lacks.
        let rules = MappedRowRules(base: base, cells: [
            [[(parameter: 0, value: 0), (parameter: 1, value: 0)], [(parameter: 0, value: 0), (parameter: 1, value: 1)]],
            [[(parameter: 2, value: 0)], [(parameter: 2, value: 1)]],
        ])
        #expect(base.canComplete([-1, -1, 0]))
        #expect(!rules.canComplete([-1, 0]))
        #expect(rules.canComplete([-1, 1]))
        #expect(!rules.isValid([0, 0], changed: [0, 1]))
        #expect(rules.isValid([1, 1], changed: [0, 1]))
    }

    @Test func twoGroupsThatDisagreeOnASharedParameterMakeNoRow() throws {
        var parser = ModelParser()
        let base = ConstraintRules(model: try parser.parse("A: 1, 2\nB: 1, 2\nC: 1, 2\n"))
        let rules = MappedRowRules(base: base, cells: [
            [[(parameter: 0, value: 0), (parameter: 1, value: 0)], [(parameter: 0, value: 1), (parameter: 1, value: 1)]],
            [[(parameter: 1, value: 0), (parameter: 2, value: 0)], [(parameter: 1, value: 1), (parameter: 2, value: 1)]],
        ])
        #expect(!rules.isUnconstrained)
        #expect(rules.canComplete([0, 0]) && !rules.canComplete([0, 1]))
    }
}
