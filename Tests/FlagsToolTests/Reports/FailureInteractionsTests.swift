import FlagsTool
import Testing

@Suite struct FailureInteractionsTests {
    /// A matrix over `dimensions` (on/off) where the command fails when `fails` says so.
    private func matrix(_ rows: [[Bool]], dimensions: [String], fails: ([String: Bool]) -> Bool) -> FailureInteractions {
        FailureInteractions(dimensions: dimensions, rows: rows.map { row in
            (row.map { $0 ? "on" : "off" }, fails(Dictionary(uniqueKeysWithValues: zip(dimensions, row))))
        })
    }

    static let ten = (0..<10).map { "f\($0)" }

    @Test func aPairFoundByEveryCombinationOfTenFlagsIsRankedFirst() {
        let all = (0..<(1 << 10)).map { bits in (0..<10).map { bits & (1 << $0) != 0 } }
        let found = matrix(all, dimensions: Self.ten) { $0["f2"]! && $0["f7"]! }
        #expect(found.ranked.map(\.text) == ["f2=on and f7=on"])
    }

    @Test func aSingleFlagComesBeforeAndHidesItsPairs() {
        let all = (0..<(1 << 4)).map { bits in (0..<4).map { bits & (1 << $0) != 0 } }
        let found = matrix(all, dimensions: ["a", "b", "c", "d"]) { $0["c"]! }
        #expect(found.ranked.map(\.text) == ["c=on"])
    }

    @Test func aTripleIsFoundWhenNoPairExplainsTheFailures() {
        let all = (0..<(1 << 5)).map { bits in (0..<5).map { bits & (1 << $0) != 0 } }
        let found = matrix(all, dimensions: ["a", "b", "c", "d", "e"]) { $0["a"]! && !$0["c"]! && $0["e"]! }
        #expect(found.ranked.map(\.text) == ["a=on, c=off and e=on"])
        #expect(found.ranked.first?.evidence == 12, "for each of the three, the 4 rows (b and d free) that lack only it")
    }

    @Test func twoCausesLeaveNoCommonInteraction() {
        let all = (0..<(1 << 4)).map { bits in (0..<4).map { bits & (1 << $0) != 0 } }
        let found = matrix(all, dimensions: ["a", "b", "c", "d"]) { $0["a"]! || $0["b"]! }
        #expect(found.ranked.isEmpty)
        #expect(matrix(all, dimensions: ["a", "b", "c", "d"]) { _ in false }.ranked.isEmpty)
    }

    @Test func theBisectLineStartsFromAPassingRowWithoutTheInteraction() throws {
        let rows = [[false, false, false], [true, true, false], [true, false, true], [false, true, true]]
        let found = matrix(rows, dimensions: ["a", "b", "c"]) { $0["a"]! && $0["b"]! }
        let best = try #require(found.ranked.first)
        #expect(best.text == "a=on and b=on")
        #expect(found.bisectCommandLine(for: best, command: ["sh", "-c", "make test; echo it's done"])
                == "flags bisect --good a=off,b=off,c=off --bad a=on,b=on,c=off -- sh -c 'make test; echo it'\\''s done'")
    }
}
