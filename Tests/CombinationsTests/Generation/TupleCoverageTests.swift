import Testing
@testable import Combinations

@Suite struct TupleCoverageTests {
    @Test func tuplesAreNumberedSetBySet() throws {
        let coverage = try TupleCoverage(levels: [2, 3, 4], strength: 2)
        #expect(coverage.setCount == 3 && coverage.tupleCount == 6 + 8 + 12)
        var columns = [0, 0], values: [Int32] = [0, 0]
        coverage.decode(6 + 8 + 5, columns: &columns, values: &values)
        #expect(columns == [1, 2] && values == [1, 1])
    }

    @Test func aMovesDeltaIsWhatRecountingWouldSay() throws {
        let levels = [3, 3, 2, 4]
        let coverage = try TupleCoverage(levels: levels, strength: 3)
        coverage.reset()
        var random = SplitMix64(seed: 1)
        var rows = (0..<6).map { _ in levels.map { Int32(random.below($0)) } }
        for row in rows { coverage.add(row) }
        let change = TupleCoverage.Change(capacity: 4)
        for _ in 0..<200 {
            let index = random.below(rows.count)
            change.removeAll()
            for column in random.shuffled(Array(levels.indices)).prefix(1 + random.below(3)) {
                let value = Int32(random.below(levels[column]))
                if value != rows[index][column] { change.append(column, value) }
            }
            guard change.count > 0 else { continue }
            let before = coverage.uncoveredCount
            let (delta, _) = rows[index].withUnsafeBufferPointer { coverage.delta(of: change, in: $0.baseAddress!) }
            rows[index].withUnsafeBufferPointer { coverage.apply(change, to: $0.baseAddress!) }
            for position in 0..<change.count { rows[index][change.columns[position]] = change.values[position] }
            #expect(coverage.uncoveredCount == before + delta)
            // Recount from scratch: the same uncovered tuples.
            let fresh = try TupleCoverage(levels: levels, strength: 3)
            fresh.reset()
            for row in rows { fresh.add(row) }
            #expect(fresh.uncoveredCount == coverage.uncoveredCount)
        }
    }

    @Test func tooManyTuplesAreRefusedBeforeAnythingIsAllocated() {
        #expect(throws: TupleCoverage.TooLarge.self) { try TupleCoverage(levels: [Int](repeating: 10, count: 30), strength: 5) }
    }
}
