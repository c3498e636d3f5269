import Testing
@testable import Combinations

@Suite struct ConstraintParserTests {
    static let parameters = """
        OS: Win10, Win11, macOS, Ubuntu
        Size: 10, 100, 1000
        Limit: 10, 500, 5000
        FS: FAT, FAT32, NTFS, ReFS
        SKU: Home, Server | Datacenter
        Flag: on, off
        Name: a"b, c]d, e\\f

        """

    func constraints(_ text: String, caseSensitive: Bool = false) throws -> (CombinationModel, [ModelDiagnostic]) {
        var parser = ModelParser(options: .init(isCaseSensitive: caseSensitive))
        let model = try parser.parse(Self.parameters + text, file: "m.txt")
        return (model, parser.warnings)
    }

    func expression(_ text: String) throws -> ConstraintExpression {
        let (model, _) = try constraints(text)
        try #require(model.constraints.count == 1)
        return model.constraints[0].expression
    }

    func error(_ text: String) -> ModelDiagnostic? {
        do {
            _ = try constraints(text)
            return nil
        } catch let error as ModelDiagnostic {
            return error
        } catch {
            return nil
        }
    }

    @Test func ifThenElseAndUnconditionalConstraints() throws {
        let (model, _) = try constraints("""
            IF [OS] = "macOS" THEN [FS] <> "NTFS" ELSE [Flag] = "on";
            [Size] <= [Limit];
            """)
        #expect(model.constraints.count == 2)
        #expect(model.constraints[0].condition == .compare(0, .equal, .string("macOS")))
        #expect(model.constraints[0].consequence == .compare(3, .notEqual, .string("NTFS")))
        #expect(model.constraints[0].alternative == .compare(5, .equal, .string("on")))
        #expect(model.constraints[1].condition == nil)
        #expect(model.constraints[1].consequence == .compare(1, .lessOrEqual, .parameter(2)))
        #expect(model.constraints[0].location == ModelLocation(file: "m.txt", line: 8, column: 1))
    }

    @Test func notBindsTighterThanAndWhichBindsTighterThanOr() throws {
        let a = ConstraintExpression.compare(0, .equal, .string("Win10"))
        let b = ConstraintExpression.compare(5, .equal, .string("on"))
        let c = ConstraintExpression.compare(1, .equal, .number(10))
        #expect(try expression(#"[OS] = "Win10" AND [Flag] = "on" OR [Size] = 10;"#) == .or(.and(a, b), c))
        #expect(try expression(#"[OS] = "Win10" OR [Flag] = "on" AND [Size] = 10;"#) == .or(a, .and(b, c)))
        // A line that starts with NOT is a parameter line to PICT, so NOT comes after a term here.
        #expect(try expression(#"[Size] = 10 OR NOT [OS] = "Win10" AND [Flag] = "on";"#) == .or(c, .and(.not(a), b)))
        #expect(try expression(#"[Size] = 10 OR NOT ([OS] = "Win10" AND [Flag] = "on");"#) == .or(c, .not(.and(a, b))))
    }

    @Test func everyRelation() throws {
        #expect(try expression("[Size] < 100;") == .compare(1, .less, .number(100)))
        #expect(try expression("[Size] >= 1e2;") == .compare(1, .greaterOrEqual, .number(100)))
        #expect(try expression("[Size] > 0x10;") == .compare(1, .greater, .number(16)))
        #expect(try expression(#"[FS] IN {"FAT", "FAT32"};"#) == .isIn(3, [.string("FAT"), .string("FAT32")]))
        #expect(try expression("[Size] NOT IN {10, 1000};") == .not(.isIn(1, [.number(10), .number(1000)])))
        #expect(try expression(#"[FS] LIKE "FAT*";"#) == .compare(3, .like, .string("FAT*")))
        #expect(try expression(#"[OS] NOT LIKE "Win??";"#) == .not(.compare(0, .like, .string("Win??"))))
        let (negative, _) = try constraints(#"IF ISNEGATIVE(OS) THEN [Flag] = "on"; IF ISPOSITIVE() THEN [Flag] = "off";"#)
        #expect(negative.constraints.map(\.condition) == [.isNegative(0), .not(.isNegative(nil))])
    }

    @Test func keywordsAndNamesInAnyCaseWithOrWithoutSpaces() throws {
        #expect(try expression(#"if[os]="WIN10"then[size]=10else[flag]="ON";"#).parameters(parameterCount: 7) == [0, 1, 5])
    }

    @Test func constraintsSpanLinesAndShareLines() throws {
        let (model, _) = try constraints("""
            IF [Size] = 10
            THEN
             [Limit] = 500;
            IF [Size] = 100 THEN [Limit] = 5000; IF [Size] = 1000 THEN [Limit] = 10;
            """)
        #expect(model.constraints.count == 3)
        #expect(model.constraints[2].location == ModelLocation(file: "m.txt", line: 11, column: 38))
    }

    @Test func escapesInStrings() throws {
        #expect(try expression(#"[Name] = "a\"b";"#) == .compare(6, .equal, .string("a\"b")))
        #expect(try expression(#"[Name] = "c\]d";"#) == .compare(6, .equal, .string("c]d")))
        #expect(try expression(#"[Name] = "e\\f";"#) == .compare(6, .equal, .string("e\\f")))
        #expect(error(#"[Name] = "e\f";"#)?.message.contains("escaped") == true)
    }

    @Test func anUnknownParameterIsAnErrorAtItsPlaceWithTheClosestName() {
        // Names ignore case, as in PICT: [os] is OS, and [Oss] is a typo.
        #expect(error(#"IF [os] = "Win10" THEN [Size] = 10;"#) == nil)
        let problem = error(#"IF [Oss] = "Win10" THEN [Sise] = 10;"#)
        #expect(problem?.location == ModelLocation(file: "m.txt", line: 8, column: 5))
        #expect(problem?.suggestion == "OS")
        #expect(error(#"IF [OS] = "Win10" THEN [Sise] = 10;"#)?.suggestion == "Size")
        #expect(error(#"[ OS ] = "Win10";"#)?.suggestion == "OS", "PICT does not trim names in brackets")
    }

    @Test func anUnknownValueIsAnErrorWithTheClosestValue() {
        let typo = error(#"IF [OS] = "Win1O" THEN [Size] = 10;"#)
        #expect(typo?.location == ModelLocation(file: "m.txt", line: 8, column: 11))
        #expect(typo?.suggestion == "Win10")
        #expect(error("[Size] = 11;")?.suggestion == "10")
        #expect(error(#"[FS] IN {"FAT", "NTSF"};"#)?.suggestion == "NTFS")
        let alias = error(#"[SKU] = "Datacenter";"#)
        #expect(alias?.message.contains("alias of 'Server'") == true)
        #expect(alias?.suggestion == "Server")
    }

    @Test func valuesCompareIgnoringCaseUnlessCaseSensitive() throws {
        #expect(throws: Never.self) { try constraints(#"[OS] = "WIN10";"#) }
        #expect(throws: ModelDiagnostic.self) { try constraints(#"[OS] = "WIN10";"#, caseSensitive: true) }
    }

    @Test func typesMustMatch() {
        #expect(error(#"[Size] = "10";"#)?.message.contains("numeric") == true)
        #expect(error("[OS] = 10;")?.message.contains("quotes") == true)
        #expect(error("[OS] = [Size];")?.message.contains("cannot be compared") == true)
        #expect(error("[OS] = [OS];")?.message.contains("itself") == true)
        #expect(error("[Size] LIKE \"1*\";")?.message.contains("LIKE") == true)
    }

    @Test func syntaxErrors() {
        #expect(error(#"IF [OS] = "Win10" THEN [Size] = 10"#)?.message.contains("expected ';'") == true)
        #expect(error(#"IF [OS] = "Win10" [Size] = 10;"#)?.message.contains("THEN") == true)
        #expect(error(#"[OS] = "Win10"; # a comment"#) != nil, "there are no comments after a constraint, as in PICT")
        #expect(error(#"[OS] ~ "Win10";"#)?.message.contains("relation") == true)
        #expect(error(#"([OS] = "Win10";"#)?.message.contains("')'") == true)
        #expect(error(#"[OS] = "Win10;"#)?.message.contains("closing") == true)
    }

    @Test func relationsThatNoValueOrEveryValueMeetsAreWarned() throws {
        #expect(try constraints("IF [Size] > 5000 THEN [Flag] = \"on\";").1.count == 1)
        #expect(try constraints("IF [Size] > 1 THEN [Flag] = \"on\";").1.count == 1)
        #expect(try constraints(#"IF [FS] LIKE "X*" THEN [Flag] = "on";"#).1.count == 1)
        #expect(try constraints(#"IF [FS] LIKE "FAT*" THEN [Flag] = "on";"#).1.isEmpty)
    }
}
