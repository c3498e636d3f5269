import FlagsTool
import Formats
import Testing

/// `--shard K/N` parts and `--merge`'s checks, on generated lists.
@Suite struct MatrixShardTests {
    @Test(arguments: ["1/1", "1/3", "3/3", "7/1000"])
    func readsKOfN(_ text: String) throws {
        #expect(try MatrixShard(parsing: text).description == text)
    }

    @Test(arguments: ["0/3", "4/3", "3", "1/0", "a/b", "1/3/5", "-1/3", "", "1/1001", "/3"])
    func refusesWhatIsNotKOfN(_ text: String) {
        #expect(throws: MatrixShardError.self) { try MatrixShard(parsing: text) }
    }

    /// For every list size 0…40 and every N 1…12 (533 cases), the N parts are disjoint, cover
    /// the list, and differ in size by at most one.
    @Test func partsCoverEveryListExactlyOnce() {
        var cases = 0
        for total in 0...40 {
            for count in 1...12 {
                let parts = (1...count).map { MatrixShard(index: $0, count: count).rows(of: total) }
                #expect(parts.flatMap { $0 }.sorted() == Array(0..<total), "total \(total), \(count) parts")
                let sizes = parts.map(\.count)
                #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1)
                cases += 1
            }
        }
        #expect(cases == 41 * 12)
    }

    /// A part's result as `flags matrix --shard K/N --json` writes it.
    static func part(_ index: Int, of count: Int, planned: Int = 6, flags: [String] = ["a", "b", "c"], rows: [Int]? = nil,
                     failing: Set<Int> = []) -> JSONValue {
        let rows = rows ?? MatrixShard(index: index, count: count).rows(of: planned)
        return .object([
            "mode": .string("pairwise"), "flags": .array(flags.map(JSONValue.string)), "command": .array([.string("true")]),
            "planned": .int(planned), "passed": .int(rows.count - failing.count), "overridesRestored": .bool(true),
            "shard": .object(["index": .int(index), "count": .int(count)]),
            "combinations": .array(rows.map { row in
                .object(["row": .int(row), "values": .object(["a": .bool(row % 2 == 0)]),
                         "result": .string(failing.contains(row) ? "fail" : "pass"), "detail": .string(failing.contains(row) ? "fail (exit 1)" : "pass"),
                         "seconds": .double(0.5)])
            }),
        ])
    }

    @Test func mergeOfAllPartsPutsTheRowsBackInListOrder() throws {
        let merged = try MatrixShardMerge.merge([("r3.json", Self.part(3, of: 3)), ("r1.json", Self.part(1, of: 3)), ("r2.json", Self.part(2, of: 3))])
        #expect(merged.planned == 6 && merged.combinations.count == 6 && merged.flags == ["a", "b", "c"])
        #expect(merged.combinations.map { $0["values"]?["a"] } == (0..<6).map { .bool($0 % 2 == 0) })
        #expect(merged.combinations.allSatisfy { $0["row"] == nil })
    }

    @Test func missingDoubledForeignOrCutShortPartsAreErrorsNamingThem() {
        func message(_ parts: [(String, JSONValue)]) -> String {
            do {
                _ = try MatrixShardMerge.merge(parts.map { (file: $0.0, json: $0.1) })
                return "merged"
            } catch {
                return error.message
            }
        }
        #expect(message([("r1.json", Self.part(1, of: 3)), ("r3.json", Self.part(3, of: 3))]).contains("part 2/3 is missing"))
        #expect(message([("r1.json", Self.part(1, of: 3))]).contains("parts 2/3, 3/3 are missing"))
        #expect(message([("a.json", Self.part(1, of: 2)), ("b.json", Self.part(1, of: 2)), ("c.json", Self.part(2, of: 2))])
            .contains("part 1/2 is given twice: a.json and b.json"))
        #expect(message([("r1.json", Self.part(1, of: 2)), ("r2.json", Self.part(2, of: 2, flags: ["a", "b", "d"]))])
            .contains("r2.json is from another matrix than r1.json: its `flags`"))
        #expect(message([("r1.json", Self.part(1, of: 2)), ("r2.json", Self.part(2, of: 3))]).contains("split in 2"))
        #expect(message([("r1.json", Self.part(1, of: 2)), ("r2.json", Self.part(2, of: 2, rows: [1, 3]))])
            .contains("r2.json (part 2/2) holds no result for combination 6: was it interrupted?"))
        #expect(message([("x.json", .object(["mode": .string("pairwise")]))]).contains("x.json is not the result of a sharded matrix"))
    }
}
