import Testing
@testable import Combinations

@Suite struct CombinationGeneratorTests {
    func generate(_ text: String, strength: Int? = nil, options: CombinationGenerator.Options = .init()) throws -> CoveringArray {
        try CombinationGenerator(options: options).generate(try TestData.model(text, strength: strength))
    }

    @Test(arguments: [2, 3])
    func constraintsAreKeptAndEveryAllowedTupleIsCovered(strength: Int) throws {
        let array = try generate("""
            OS: Win10, Win11, macOS, Ubuntu
            Browser: Firefox, Edge, Safari, Chrome
            Arch: x64, arm64
            Size: 10, 100, 1000
            Mode: light, dark, system
            IF [Browser] = "Safari" THEN [OS] = "macOS" ELSE [Mode] <> "system";
            IF [Browser] = "Edge" THEN [OS] LIKE "Win*";
            IF [OS] = "macOS" THEN [Arch] = "arm64" AND [Size] >= 100;
            [Size] > 10 OR [Mode] IN {"light", "dark"};
            """, strength: strength)
        let report = CoverageChecker.check(array)
        #expect(report.isComplete, "\(report)")
        #expect(report.allowedTuples > 0)
    }

    @Test func negativeValuesComeOnePerRowAndLast() throws {
        let array = try generate("A: ~-1, 0, 1, 2\nB: ~-1, 0, 1, 2\nC: x, y, z\n")
        #expect(CoverageChecker.check(array).isComplete)
        let negatives = array.rows.map { row in row.enumerated().filter { array.model.parameters[$0.offset].values[$0.element].isNegative }.count }
        #expect(negatives.allSatisfy { $0 <= 1 })
        #expect(negatives == negatives.sorted(), "rows with a negative value after the others, as PICT prints them")
        // PICT: 9 positive rows, then 6 with a negative value = 15 for two parameters; with C it needs more.
        #expect(array.rows.count <= 16)
    }

    @Test func twoParametersWithNegativesNeedNoMoreRowsThanPICTsTwoPasses() throws {
        #expect(try generate("A: ~-1, 0, 1, 2\nB: ~-1, 0, 1, 2\n").rows.count == 15)
    }

    @Test func seedsComeFirstAndAreUsedOnlyWhileSomethingIsLeftToCover() throws {
        var model = try TestData.model("A: 0, 1\nB: 0, 1\nC: 0, 1\n")
        model.seeds = (0..<8).map { code in SeedRow(values: [code >> 2 & 1, code >> 1 & 1, code & 1]) }
        let array = try CombinationGenerator().generate(model)
        #expect(array.rows.count == 7, "PICT's count: the eighth seed adds nothing")
        #expect(array.rows == model.seeds.prefix(7).map { $0.values.map { $0! } })
    }

    @Test func partialSeedsAreCompletedAndContainedOrInvalidOnesDropped() throws {
        var model = try TestData.model("OS: Win7, Win10\nSKU: Home, Pro\nLang: EN, FR\nArch: x86, x64\nIF [OS] = \"Win7\" THEN [Arch] = \"x86\";\n")
        model.seeds = [
            SeedRow(values: [1, 1, 0, 1]),
            SeedRow(values: [1, nil, 0, nil]),   // contained in the first: dropped
            SeedRow(values: [0, nil, 1, 1]),     // Win7 on x64 breaks the constraint: dropped
            SeedRow(values: [nil, 0, 1, nil]),
        ]
        let array = try CombinationGenerator().generate(model)
        #expect(array.rows[0] == [1, 1, 0, 1])
        #expect(array.rows[1][1] == 0 && array.rows[1][2] == 1)
        #expect(array.warnings.contains { $0.message.contains("seed row 3") })
        #expect(CoverageChecker.check(array).isComplete)
    }

    @Test func heavierValuesAreChosenWhereTheChoiceIsFree() throws {
        let array = try generate("A: x (20), y, z\nB: 1, 2\nC: p, q (5)\n", strength: 1)
        // At strength 1 each value is needed once; the free cells take the heavy ones.
        let xs = array.rows.filter { $0[0] == 0 }.count, qs = array.rows.filter { $0[2] == 1 }.count
        #expect(xs == 1 && qs >= 2, "\(array.rows)")
    }

    @Test func theSameModelGivesTheSameRows() throws {
        let text = "A: 1, 2, 3\nB: 1, 2, 3\nC: 1, 2, 3\nD: 1, 2, 3\nE: 1, 2, 3\nIF [A] = 1 THEN [B] <> 1;\n"
        let first = try generate(text), second = try generate(text)
        #expect(first.rows == second.rows)
        let other = try generate(text, options: .init(randomSeed: 7))
        #expect(CoverageChecker.check(other).isComplete)
    }

    @Test func noSearchStillCoversEverything() throws {
        let array = try generate("A: 1, 2, 3\nB: 1, 2, 3\nC: 1, 2, 3\nD: 1, 2, 3, 4\nE: a, b\n", options: .init(effort: 0))
        #expect(CoverageChecker.check(array).isComplete)
    }

    @Test func theFullStrengthIsEveryValidRowOnce() throws {
        let array = try generate("A: 1, 2, 3\nB: 1, 2\nC: x, y\nIF [A] = 1 THEN [C] = \"x\";\n", strength: 3)
        #expect(array.rows.count == 10)
        #expect(Set(array.rows).count == 10)
    }

    @Test func strengthOneShowsEveryValue() throws {
        let array = try generate("A: 1, 2, 3, 4, 5\nB: 1, 2\nC: a, b, c\n", strength: 1)
        #expect(array.rows.count == 5)
        #expect(CoverageChecker.check(array).isComplete)
    }

    @Test func subModelsAreCoveredAtTheirOwnStrength() throws {
        let array = try generate("""
            PLATFORM: x86, x64, arm
            CPUS: 1, 2
            RAM: 1GB, 4GB, 64GB
            HDD: SCSI, IDE
            OS: Win10, Win11, Ubuntu
            IE: 6, 7, 8
            { PLATFORM, CPUS, RAM, HDD } @ 3
            IF [PLATFORM] = "arm" THEN [OS] <> "Win10";
            """)
        #expect(CoverageChecker.check(array).isComplete)
    }

    @Test func aValueTheSubModelsRowsWouldLoseIsKept() throws {
        // USE = no needs both alternates at "default"; a pairwise array of ALT1 x ALT2 need not
        // hold that row, and PICT then never shows USE = no.
        let array = try generate("""
            USE: yes, no
            ALT1: default, on, off
            ALT2: default, on, off
            X: 1, 2, 3
            { ALT1, ALT2 } @ 1
            IF [USE] = "no" THEN [ALT1] = "default" AND [ALT2] = "default";
            IF [ALT1] = "default" THEN [ALT2] <> "on";
            """)
        #expect(array.rows.contains { $0[0] == 1 })
        #expect(CoverageChecker.check(array).isComplete)
    }

    @Test func constraintsThatExcludeEveryValueAreAnError() throws {
        #expect(throws: ModelDiagnostic.self) { try generate("A: 1, 2\nB: 1, 2\n[A] = 1;\n[A] = 2;\n") }
        let partly = try generate("A: 1, 2, 3\nB: 1, 2\n[A] <> 3;\n")
        #expect(partly.warnings.contains { $0.message.contains("'3'") })
        #expect(!partly.rows.contains { $0[0] == 2 })
    }

    @Test func aModelTooLargeToHoldIsAnErrorThatSaysWhatToDo() {
        let model = TestData.uniform("10^12", strength: 6)
        #expect(throws: ModelDiagnostic.self) { try CombinationGenerator().generate(model) }
    }
}
