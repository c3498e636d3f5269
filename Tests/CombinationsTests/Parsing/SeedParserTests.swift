import Testing
@testable import Combinations

@Suite struct SeedParserTests {
    let model: CombinationModel

    init() throws {
        var parser = ModelParser()
        model = try parser.parse("Ver: Win7, Win8, Win10\nSKU: Home, Pro | Professional\nQuantity: ~-1, 1, 2\n")
    }

    @Test func rowsAreTabSeparatedUnderAHeaderAndEndAtABlankLine() throws {
        var parser = SeedParser()
        let seeds = try parser.parse("SKU\tver\tQuantity\nPro\tWin7\t1\nProfessional\t\t~-1\n\t\t-1\n\nHome\tWin8\t2\n", for: model)
        #expect(seeds == [SeedRow(values: [0, 1, 1]), SeedRow(values: [nil, 1, 0]), SeedRow(values: [nil, nil, 0])])
    }

    @Test func aHeaderMayNameSomeParametersOnly() throws {
        var parser = SeedParser()
        #expect(try parser.parse("Ver\nWin10\n", for: model) == [SeedRow(values: [2, nil, nil])])
        #expect(try parser.parse("", for: model).isEmpty)
    }

    @Test func unknownNamesAreErrorsWithTheClosestName() {
        var parser = SeedParser()
        do {
            _ = try parser.parse("Ver\tSKUs\nWin7\tHome\n", file: "s.tsv", for: model)
            Issue.record("an unknown column was accepted")
        } catch {
            #expect(error.location == ModelLocation(file: "s.tsv", line: 1, column: 5))
            #expect(error.suggestion == "SKU")
        }
        do {
            _ = try parser.parse("Ver\tSKU\nWin7\tHom\n", file: "s.tsv", for: model)
            Issue.record("an unknown value was accepted")
        } catch {
            #expect(error.location == ModelLocation(file: "s.tsv", line: 2, column: 6))
            #expect(error.suggestion == "Home")
        }
        #expect(throws: ModelDiagnostic.self) { try parser.parse("Ver\nWin7\tPro\n", for: model) }
        #expect(throws: ModelDiagnostic.self) { try parser.parse("Ver\tver\nWin7\tWin8\n", for: model) }
    }
}
