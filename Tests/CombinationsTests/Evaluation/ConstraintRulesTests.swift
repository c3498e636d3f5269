import Testing
@testable import Combinations

@Suite struct ConstraintRulesTests {
    func rules(_ text: String) throws -> ConstraintRules {
        var parser = ModelParser()
        return ConstraintRules(model: try parser.parse(text))
    }

    @Test func completeRowsAreCheckedAgainstEveryConstraint() throws {
        let rules = try rules("A: 1, 2\nB: x, y\nC: p, q\nIF [A] = 1 THEN [B] = \"x\" ELSE [C] = \"q\";\n")
        #expect(rules.isValid([0, 0, 0]))
        #expect(!rules.isValid([0, 1, 0]))
        #expect(rules.isValid([1, 1, 1]))
        #expect(!rules.isValid([1, 0, 0]))
    }

    @Test func aPartialRowIsFeasibleOnlyWhenAValidCompletionExists() throws {
        // A forces B, B forbids C: A with C cannot be completed, though no single constraint says so.
        let rules = try rules("""
            A: on, off
            B: on, off
            C: on, off
            D: 1, 2, 3
            IF [A] = "on" THEN [B] = "on";
            IF [B] = "on" THEN [C] = "off";
            """)
        #expect(rules.canComplete([0, -1, -1, -1]))
        #expect(rules.canComplete([-1, -1, 0, -1]))
        #expect(!rules.canComplete([0, -1, 0, -1]))
        #expect(rules.canComplete([1, -1, 0, 2]))
        #expect(rules.isRestricted(0) && !rules.isRestricted(3))
        let completed = try #require(rules.complete([0, -1, -1, -1], hint: [0, 1, 0, 2]))
        #expect(completed == [0, 0, 1, 2], "the hint's values where they are allowed")
    }

    @Test func parameterComparisonsAndSets() throws {
        let rules = try rules("""
            Size: 10, 100, 1000
            Limit: 10, 500, 5000
            FS: FAT, FAT32, NTFS
            [Size] <= [Limit];
            IF [FS] IN {"FAT", "fat32"} THEN [Size] < 1000;
            """)
        #expect(rules.isValid([1, 1, 2]))
        #expect(!rules.isValid([2, 1, 2]))
        #expect(!rules.canComplete([2, -1, 1]))
        #expect(rules.canComplete([2, -1, 2]))
    }

    @Test func atMostOneNegativeValuePerRow() throws {
        let rules = try rules("A: ~bad, 1, 2\nB: ~worse, x, y\nC: p, q\n")
        #expect(rules.hasNegatives)
        #expect(rules.isValid([0, 1, 0]))
        #expect(!rules.isValid([0, 0, 0]))
        #expect(!rules.canComplete([0, 0, -1]))
        #expect(rules.canComplete([0, -1, -1]))
    }

    @Test func aConstraintThatForcesANegativeValueUsesTheRowsOnlyOne() throws {
        // C = q forces A's negative value, so B must stay positive.
        let rules = try rules("A: ~bad, 1\nB: ~worse, x\nC: p, q\nIF [C] = \"q\" THEN ISNEGATIVE(A);\n")
        #expect(rules.canComplete([-1, -1, 1]))
        #expect(!rules.canComplete([-1, 0, 1]))
        #expect(rules.complete([-1, -1, 1], hint: [-1, 0, -1]) == [0, 1, 1])
    }

    @Test func aModelWithNoValidRowIsUnsatisfiable() throws {
        #expect(!(try rules("A: 1, 2\nB: 1, 2\n[A] = 1;\n[A] = 2;\n")).isSatisfiable)
        #expect(try rules("A: 1, 2\nB: 1, 2\n[A] = 1;\n").isSatisfiable)
    }

    @Test func aRowBrokenByAMoveIsRepairedAroundTheFixedCells() throws {
        let rules = try rules("A: on, off\nB: on, off\nC: 1, 2\nIF [A] = \"on\" THEN [B] = \"on\";\n")
        #expect(rules.repaired([0, 1, 1], keeping: [0]) == [0, 0, 1])
        #expect(rules.repaired([0, 1, 1], keeping: [0, 1]) == nil)
    }
}
