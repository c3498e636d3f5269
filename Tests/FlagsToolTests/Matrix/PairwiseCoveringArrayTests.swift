import FeatureFlags
import Testing
@testable import FlagsTool

@Suite struct PairwiseCoveringArrayTests {
    /// The known minimum sizes of binary strength-2 covering arrays.
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

    @Test func everyFlagCountFrom2To126ReachesTheKnownMinimumAndCoversEveryPair() {
        for n in 1...126 {
            let rows = PairwiseCoveringArray.rows(flagCount: n)
            #expect(rows.count == Self.knownMinimum(n), "n = \(n)")
            #expect(rows.allSatisfy { $0.count == n })
            for a in 0..<n {
                for b in (a + 1)..<max(a + 1, n) {
                    let seen = Set(rows.map { [$0[a], $0[b]] })
                    if seen.count != 4 { Issue.record("n = \(n): flags \(a) and \(b) miss \(4 - seen.count) value pairs") }
                }
            }
            #expect(Set(rows.map { $0 }).count == rows.count || n == 1, "no combination runs twice")
        }
    }

    @Test func exhaustiveIsEveryCombinationOnce() {
        let rows = PairwiseCoveringArray.allRows(flagCount: 4)
        #expect(rows.count == 16 && Set(rows).count == 16)
    }
}
