import Testing
@testable import Combinations

@Suite struct PICTOutputTests {
    @Test func aHeaderThenTabSeparatedRowsEachEndingInALineFeed() throws {
        let model = try TestData.model("OS: Win10, Win11\nFormat method: quick, slow\n")
        let text = CoveringArray(model: model, rows: [[0, 1], [1, 0]]).pictText
        #expect(text == "OS\tFormat method\nWin10\tslow\nWin11\tquick\n")
    }

    @Test func negativeValuesWithTheirPrefixAndAliasesInTurn() throws {
        let model = try TestData.model("SKU: Server | Datacenter | Enterprise, Home\nQ: ~-1 | minus, 1\n")
        let array = CoveringArray(model: model, rows: [[0, 0], [0, 1], [1, 0], [0, 1], [0, 1]])
        #expect(array.pictText == "SKU\tQ\nServer\t~-1\nDatacenter\t1\nHome\t~minus\nEnterprise\t1\nServer\t1\n")
        #expect(PICTOutput.text(of: array, negativePrefix: "@").contains("@-1"))
    }
}
