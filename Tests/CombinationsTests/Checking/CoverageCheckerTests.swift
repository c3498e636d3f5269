import Testing
@testable import Combinations

@Suite struct CoverageCheckerTests {
    @Test func aMissingPairAndABrokenRowAreFound() throws {
        let model = try TestData.model("A: 1, 2\nB: 1, 2\nC: 1, 2\nIF [A] = 1 THEN [B] = 1;\n")
        let complete: [[Int]] = [[0, 0, 0], [0, 0, 1], [1, 0, 1], [1, 1, 0], [1, 1, 1]]
        let report = CoverageChecker.check(rows: complete, model: model)
        #expect(report.isComplete, "\(report)")
        #expect(report.allowedTuples == 11, "4 + 4 + 4 pairs, less (A=1, B=2)")

        let missing = CoverageChecker.check(rows: Array(complete.dropLast()), model: model)
        #expect(missing.missingCount == 1)
        #expect(missing.missing == [[.init(parameter: 1, value: 1), .init(parameter: 2, value: 1)]])

        let broken = CoverageChecker.check(rows: complete + [[0, 1, 0]], model: model)
        #expect(broken.invalidRows == [5])
    }

    @Test func aPairOnlyAnImpliedRuleForbidsIsNotRequired() throws {
        // A = on forces B = on, which forbids C = on: (A on, C on) is in no valid row.
        let model = try TestData.model("A: on, off\nB: on, off\nC: on, off\nIF [A] = \"on\" THEN [B] = \"on\";\nIF [B] = \"on\" THEN [C] = \"off\";\n")
        let array = try CombinationGenerator().generate(model)
        let report = CoverageChecker.check(array)
        #expect(report.isComplete && report.allowedTuples == 12 - 1 - 1 - 1)
    }

    @Test func twoNegativeValuesMakeARowInvalidAndATupleUnwanted() throws {
        let model = try TestData.model("A: ~x, 1\nB: ~y, 1\n")
        let report = CoverageChecker.check(rows: [[1, 1], [0, 1], [1, 0], [0, 0]], model: model)
        #expect(report.invalidRows == [3] && report.allowedTuples == 3)
    }

    @Test func withSubModelsTheRootCombinesTheirRowsAsTheyAppear() throws {
        let model = try TestData.model("A: 1, 2\nB: 1, 2\nC: 1, 2\n{A, B} @ 1\n", strength: 2)
        // The sub-model's rows in the output are (1,1) and (2,2); the root needs each with each C.
        let rows: [[Int]] = [[0, 0, 0], [0, 0, 1], [1, 1, 0], [1, 1, 1]]
        #expect(CoverageChecker.check(rows: rows, model: model).isComplete)
        #expect(CoverageChecker.check(rows: Array(rows.dropLast()), model: model).missingCount == 1)
    }
}
