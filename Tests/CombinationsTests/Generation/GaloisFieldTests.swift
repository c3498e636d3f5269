import Testing
@testable import Combinations

@Suite struct GaloisFieldTests {
    @Test(arguments: [2, 3, 4, 5, 7, 8, 9, 16, 25, 27])
    func theTablesAreAField(order: Int) throws {
        let field = try #require(GaloisField(order: order))
        let elements = 0..<order
        for a in elements {
            #expect(field.add[a][0] == a && field.multiply[a][1] == a)
            #expect(elements.contains { field.add[a][$0] == 0 }, "an additive inverse")
            if a != 0 { #expect(elements.contains { field.multiply[a][$0] == 1 }, "a multiplicative inverse of \(a)") }
            for b in elements {
                #expect(field.add[a][b] == field.add[b][a] && field.multiply[a][b] == field.multiply[b][a])
                for c in elements where field.multiply[a][field.add[b][c]] != field.add[field.multiply[a][b]][field.multiply[a][c]] {
                    Issue.record("not distributive at \(a), \(b), \(c) in GF(\(order))")
                }
            }
        }
    }

    @Test func onlyPrimePowersHaveAField() {
        #expect(GaloisField(order: 6) == nil && GaloisField(order: 10) == nil && GaloisField(order: 1) == nil)
        #expect(GaloisField.primePower(27)! == (3, 3))
        #expect(GaloisField.primePower(12) == nil)
    }
}
