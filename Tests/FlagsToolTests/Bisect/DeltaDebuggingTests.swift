import FlagsTool
import Testing

@Suite struct DeltaDebuggingTests {
    /// ddmin on `count` changes where the failure needs all of `culprit`; returns what it found and how many tests it asked.
    private func minimize(_ count: Int, culprit: Set<Int>) -> (found: [Int], tests: Int) {
        var asked: [[Int]] = []
        let found = DeltaDebugging.minimize(count: count) { (subset: [Int]) -> Bool in
            asked.append(subset)
            return culprit.isSubset(of: subset)
        }
        #expect(Set(asked.map { $0 }).count == asked.count, "each subset is asked once")
        #expect(!asked.contains(Array(0..<count)), "the whole is known to fail")
        return (found, asked.count)
    }

    @Test func findsOneTwoAndThreeWayInteractionsWithinZellersBound() {
        for count in [1, 2, 3, 5, 10, 17] {
            for culprit: Set<Int> in [[0], [count - 1], [0, count - 1], [count / 2, count - 1], [0, count / 2, count - 1]] {
                let result = minimize(count, culprit: culprit)
                #expect(Set(result.found) == culprit, "\(count) changes, culprit \(culprit)")
                #expect(result.tests <= DeltaDebugging.worstCaseTests(count: count))
            }
        }
    }

    @Test func aPairAmongTenTakesAFewTests() {
        let result = minimize(10, culprit: [2, 7])
        #expect(result.found == [2, 7])
        #expect(result.tests <= 20, "\(result.tests)")
    }

    @Test func theAnswerIsOneMinimalWhenTheFailureHasTwoCauses() {
        // Fails with {1, 2} or with {6}: any answer must fail and lose the failure without any one of its members.
        let fails: ([Int]) -> Bool = { s in (s.contains(1) && s.contains(2)) || s.contains(6) }
        let found = DeltaDebugging.minimize(count: 8, fails: fails)
        #expect(fails(found))
        for member in found { #expect(!fails(found.filter { $0 != member })) }
    }

    @Test func errorsOfTheTestStopTheSearch() {
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            _ = try DeltaDebugging.minimize(count: 4) { (_: [Int]) throws(Stop) -> Bool in throw Stop() }
        }
    }
}
