import Testing
@testable import Combinations

@Suite struct OrthogonalArrayConstructionTests {
    /// How many times each t-tuple of each t columns appears (nil when not all the same).
    func index(_ rows: [[Int32]], levels: [Int], strength: Int) -> Int? {
        var seen: Set<Int> = []
        TupleCoverage.forEachSet(columnCount: levels.count, strength: strength) { columns in
            var counts: [[Int32]: Int] = [:]
            for row in rows { counts[columns.map { row[$0] }, default: 0] += 1 }
            let tuples = columns.reduce(1) { $0 * levels[$1] }
            seen.insert(counts.count == tuples ? Set(counts.values).count == 1 ? counts.values.first! : -1 : -1)
            return true
        }
        return seen.count == 1 && !seen.contains(-1) ? seen.first : nil
    }

    @Test(arguments: [2, 3, 4, 5, 7, 8, 9])
    func strengthTwoOverEveryFieldHasQPlusOneColumnsAndEachPairOnce(q: Int) throws {
        let levels = [Int](repeating: q, count: q + 1)
        let rows = try #require(OrthogonalArrayConstruction.rows(levels: levels, strength: 2, rowLimit: 1000))
        #expect(rows.count == q * q)
        #expect(index(rows, levels: levels, strength: 2) == 1)
    }

    @Test func strengthThreeOverAFieldOfFourHasSixColumns() throws {
        let levels = [Int](repeating: 4, count: 6)
        let rows = try #require(OrthogonalArrayConstruction.rows(levels: levels, strength: 3, rowLimit: 1000))
        #expect(rows.count == 64)
        #expect(index(rows, levels: levels, strength: 3) == 1)
    }

    @Test func fewerValuesFoldAndStillCoverEveryPair() throws {
        let levels = [5, 4, 3, 3, 2]
        let rows = try #require(OrthogonalArrayConstruction.rows(levels: levels, strength: 2, rowLimit: 1000))
        #expect(rows.count <= 25)
        TupleCoverage.forEachSet(columnCount: levels.count, strength: 2) { columns in
            #expect(Set(rows.map { row in columns.map { row[$0] } }).count == levels[columns[0]] * levels[columns[1]])
            return true
        }
    }

    @Test func tooManyRowsIsNoArray() {
        #expect(OrthogonalArrayConstruction.rows(levels: [10, 10, 10], strength: 3, rowLimit: 500) == nil)
    }
}
