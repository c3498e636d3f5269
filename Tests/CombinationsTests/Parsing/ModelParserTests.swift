import Testing
@testable import Combinations

@Suite struct ModelParserTests {
    func parse(_ text: String, options: ModelParser.Options = .init()) throws -> (CombinationModel, [ModelDiagnostic]) {
        var parser = ModelParser(options: options)
        let model = try parser.parse(text, file: "model.txt")
        return (model, parser.warnings)
    }

    func error(_ text: String, options: ModelParser.Options = .init()) -> ModelDiagnostic? {
        do {
            _ = try parse(text, options: options)
            return nil
        } catch let error as ModelDiagnostic {
            return error
        } catch {
            return nil
        }
    }

    @Test func parametersValuesAndCommentsReadAsPICTReadsThem() throws {
        let (model, _) = try parse("""
            # a comment line
              # an indented one

            OS:  Win10 , Win11,macOS
            Format method: quick, slow
            A: 1, 2 # not a comment
            B: x, , y
            """)
        #expect(model.parameters.map(\.name) == ["OS", "Format method", "A", "B"])
        #expect(model.parameters[0].values.map(\.name) == ["Win10", "Win11", "macOS"])
        #expect(model.parameters[2].values.map(\.name) == ["1", "2 # not a comment"])
        #expect(model.parameters[3].values.map(\.name) == ["x", "", "y"])
        #expect(model.strength == 2)
    }

    @Test func aNameWithoutAColonEndsAtTheFirstSeparator() throws {
        let (model, _) = try parse("G1,1,2,3\nG2 , a, b\n")
        #expect(model.parameters.map(\.name) == ["G1", "G2"])
        #expect(model.parameters[0].values.map(\.name) == ["1", "2", "3"])
    }

    @Test func aliasesNegativesWeightsAndReferences() throws {
        let (model, _) = try parse("""
            SKU: Home, Server | Datacenter | Enterprise, ~ bad
            FS: NTFS (10), r(2), p (0), q (abc), (3)
            OS_1: Win10, Win11
            OS_2: <OS_1>, <Nothing>, Ubuntu
            """)
        let sku = model.parameters[0].values
        #expect(sku[1].name == "Server" && sku[1].aliases == ["Datacenter", "Enterprise"])
        #expect(sku[2].name == "bad" && sku[2].isNegative)
        let fs = model.parameters[1].values
        #expect(fs.map(\.name) == ["NTFS", "r", "p (0)", "q (abc)", ""])
        #expect(fs.map(\.weight) == [10, 2, 1, 1, 3])
        #expect(model.parameters[3].values.map(\.name) == ["Win10", "Win11", "<Nothing>", "Ubuntu"])
    }

    @Test func theOptionsChangeTheSeparatorsAndThePrefix() throws {
        let (model, _) = try parse("A: 1; 2; @3\nB: x/y; z\n", options: .init(valueSeparator: ";", aliasSeparator: "/", negativePrefix: "@"))
        #expect(model.parameters[0].values.map(\.name) == ["1", "2", "3"])
        #expect(model.parameters[0].values[2].isNegative)
        #expect(model.parameters[1].values[0].names == ["x", "y"])
    }

    @Test func aParameterOrderIsReadAndDropped() throws {
        let (model, _) = try parse("A @ 3: 1, 2\ne@mail: x, y\nC: 1, 2\n")
        #expect(model.parameters.map(\.name) == ["A", "e@mail", "C"])
    }

    @Test func numericParametersAreThoseWhoseEveryValueIsANumber() throws {
        let (model, _) = try parse("N: 1, -2.5, 1e3, 0x10, inf\nS: 1, 10GB\nE: 1, \n")
        #expect(model.parameters.map(\.isNumeric) == [true, false, false])
    }

    @Test func aByteOrderMarkAndWindowsLineEndingsAreHarmless() throws {
        let (model, _) = try parse("\u{FEFF}# comment\r\nA: 1, 2\r\nB: x, y\r\nIF [A] = 1 THEN [B] = \"x\";\r\n")
        #expect(model.parameters.map(\.name) == ["A", "B"])
        #expect(model.parameters[1].values.map(\.name) == ["x", "y"])
        #expect(model.constraints.count == 1)
    }

    @Test func bytesThatAreNotUTF8AreAnErrorAtTheirPlace() {
        var parser = ModelParser()
        #expect(throws: ModelDiagnostic.self) { try parser.parse(bytes: Array("A: 1, 2\nB: caf".utf8) + [0xE9, 0x0A], file: "latin1.txt") }
        do {
            _ = try parser.parse(bytes: Array("A: 1, 2\nB: caf".utf8) + [0xE9, 0x0A], file: "latin1.txt")
        } catch {
            #expect(error.location == ModelLocation(file: "latin1.txt", line: 2, column: 7))
        }
    }

    @Test func subModelsWithAndWithoutAStrength() throws {
        let (model, warnings) = try parse("""
            A: 1, 2
            B: 1, 2
            C: 1, 2
            D: 1, 2
            { A, B, C } @ 3
            {b, d, B}
            """)
        #expect(model.subModels == [SubModel(parameters: [0, 1, 2], strength: 3), SubModel(parameters: [1, 3], strength: nil)])
        #expect(warnings.count == 1, "B named twice")
    }

    @Test func aSubModelNamingAnUnknownParameterIsAnErrorWithTheClosestName() {
        let problem = error("Platform: a, b\nRAM: 1, 2\nHDD: x, y\n{ Platform, RAN } @ 2\n")
        #expect(problem?.location == ModelLocation(file: "model.txt", line: 4, column: 13))
        #expect(problem?.suggestion == "RAM")
    }

    @Test func sectionsComeInOrder() {
        let afterSubModels = error("A: 1, 2\nB: 1, 2\n{A, B} @ 2\nC: 1, 2\n")
        #expect(afterSubModels?.location?.line == 4)
        // Once constraints start, every line is constraint text, as in PICT.
        let subModelAfterConstraints = error("A: 1, 2\nB: 1, 2\nIF [A] = 1 THEN [B] = 2;\n{A, B} @ 2\n")
        #expect(subModelAfterConstraints?.location?.line == 4)
    }

    @Test func constraintLinesAreRecognizedByPICTsPatterns() throws {
        #expect(ModelParser.isConstraintLine("IF [A] = 1 THEN [B] = 2;"))
        #expect(ModelParser.isConstraintLine("[A] <> [B];"))
        #expect(ModelParser.isConstraintLine("([A] = 1 OR [B] = 2);"))
        #expect(ModelParser.isConstraintLine("if isnegative(A) then [B] = 1;"))
        #expect(ModelParser.isConstraintLine("IF"))
        #expect(!ModelParser.isConstraintLine("NOT [A] = 1;"), "as in PICT: a parameter line until constraints have started")
        #expect(!ModelParser.isConstraintLine("A: 1, 2"))
    }

    @Test func modelErrors() {
        #expect(error("A: 1, 2\na: 3\n")?.message.contains("second parameter named 'A'") == true)
        #expect(error("A: ~1, ~2\n")?.message.contains("only negative values") == true)
        #expect(error("Lonely\n")?.message.contains("has no values") == true)
        #expect(error("# nothing\n")?.message == "the model has no parameters")
        #expect(error("A: 1, 2\nB: 1\n{A, B} @ 3\n")?.message.contains("cannot have strength 3") == true)
        #expect(error("A: 1, 2\nB: 1\n{A, B} @ x\n") != nil)
    }

    @Test func parametersDifferingInCaseAreOneNameUnlessCaseSensitive() throws {
        #expect(error("A: 1\na: 2\n") != nil)
        let (model, _) = try parse("A: 1\na: 2\n", options: .init(isCaseSensitive: true))
        #expect(model.parameters.count == 2)
    }

    @Test func resultParametersAreReadWithAWarning() throws {
        let (model, warnings) = try parse("A: 1, 2\n$Result: pass, fail\n")
        #expect(model.parameters[1].name == "$Result")
        #expect(warnings.contains { $0.message.contains("result parameter") })
    }

    @Test func theDefaultStrengthIsPICTs() throws {
        #expect(try parse("A: 1, 2\n").0.strength == 1)
        #expect(try parse("A: 1, 2\nB: 1, 2\nC: 1, 2\n").0.strength == 2)
        // One sub-model holding everything: one group at the root, combined value by value.
        #expect(try parse("A: 1, 2\nB: 1, 2\nC: 1, 2\n{A, B, C}\n").0.strength == 1)
    }
}
