import Testing
@testable import Combinations

@Suite struct ValueRelationTests {
    let parameters = [
        Parameter(name: "N", values: ["1", "10", "2.5"]),
        Parameter(name: "S", values: ["apple", "Banana", "cherry"]),
        Parameter(name: "M", values: ["10", "1e1", "0xA"]),
    ]

    @Test func numbersCompareAsNumbers() {
        let relation = ValueRelation(parameters: parameters, caseSensitive: false)
        #expect(parameters[0].values.indices.filter { relation.holds(0, $0, .greater, .number(2)) } == [1, 2])
        #expect(parameters[2].values.indices.allSatisfy { relation.holds(2, $0, .equal, .number(10)) })
        #expect(relation.holds(0, 1, .equal, 2, 0))
    }

    @Test func stringsCompareUpperCasedByCodePointUnlessCaseSensitive() {
        let relation = ValueRelation(parameters: parameters, caseSensitive: false)
        #expect(parameters[1].values.indices.filter { relation.holds(1, $0, .less, .string("b")) } == [0])
        #expect(parameters[1].values.indices.filter { relation.holds(1, $0, .lessOrEqual, .string("BANANA")) } == [0, 1])
        #expect(relation.holds(1, 1, .equal, .string("banana")))
        #expect(relation.holds(1, 2, .like, .string("CH*")))
        let exact = ValueRelation(parameters: parameters, caseSensitive: true)
        #expect(!exact.holds(1, 1, .equal, .string("banana")))
        #expect(exact.holds(1, 1, .less, .string("apple")), "B (66) sorts before a (97)")
    }

    @Test func codePointOrderIsNotCanonicalOrder() {
        // "é" precomposed (U+00E9) and decomposed ("e" + U+0301) are equal Swift strings, not equal code points.
        #expect(ValueRelation.codePointOrder("\u{E9}", "e\u{301}") == 1)
        #expect(ValueRelation.codePointOrder("ab", "abc") == -1)
    }
}
