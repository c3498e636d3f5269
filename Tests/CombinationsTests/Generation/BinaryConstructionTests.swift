import Testing
@testable import Combinations

@Suite struct BinaryConstructionTests {
    /// The known minimum sizes of binary strength-2 covering arrays (Kleitman–Spencer, Katona),
    /// as the Boolean matrix's own test holds them.
    static func knownMinimum(_ n: Int) -> Int {
        switch n {
        case 1: 2
        case 2...3: 4
        case 4: 5
        case 5...10: 6
        case 11...15: 7
        case 16...35: 8
        case 36...56: 9
        default: 10
        }
    }

    @Test func everyFlagCountFrom1To126ReachesTheKnownMinimumThroughTheGenerator() throws {
        for n in 1...126 {
            let model = CombinationModel(parameters: (0..<n).map { Parameter(name: "flag\($0)", values: ["off", "on"]) }, strength: min(2, n))
            let array = try CombinationGenerator().generate(model)
            #expect(array.rows.count == Self.knownMinimum(n), "n = \(n)")
            // Every pair of every two flags, checked directly (the checker is slower than needed here).
            for a in 0..<n {
                for b in (a + 1)..<max(a + 1, n) where Set(array.rows.map { [$0[a], $0[b]] }).count != 4 {
                    Issue.record("n = \(n): flags \(a) and \(b) miss a pair")
                }
            }
        }
    }

    @Test func aOneValuedColumnStaysAtItsValue() {
        let rows = BinaryConstruction.rows(levels: [2, 1, 2, 2])
        #expect(rows.count == 4)
        #expect(rows.allSatisfy { $0[1] == 0 })
    }

    @Test func theRowCountFormula() {
        #expect((0...6).map { BinaryConstruction.rowCount(columns: $0) } == [1, 2, 4, 4, 5, 6, 6])
        #expect(BinaryConstruction.rowCount(columns: 210) == 11)
        #expect(BinaryConstruction.rowCount(columns: 211) == 12)
    }
}
