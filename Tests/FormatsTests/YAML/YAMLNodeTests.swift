import Testing
@testable import Formats

@Suite struct YAMLNodeTests {
    private func value(_ text: String) throws -> JSONValue? {
        try YAMLReader.read(string: "v: \(text)\n", name: "v.yaml")["v"]?.jsonValue
    }

    @Test(arguments: ["true", "True", "TRUE"]) func trueForms(_ text: String) throws {
        #expect(try value(text) == .bool(true))
    }

    @Test(arguments: ["false", "False", "FALSE"]) func falseForms(_ text: String) throws {
        #expect(try value(text) == .bool(false))
    }

    @Test(arguments: ["null", "Null", "NULL", "~", ""]) func nullForms(_ text: String) throws {
        #expect(try value(text) == .null)
    }

    @Test(arguments: ["yes", "no", "on", "off", "Yes", "tRUE", "nan", "1_000", "0x", "1.2.3"])
    func yaml11WordsStayStrings(_ text: String) throws {
        #expect(try value(text) == .string(text))
    }

    @Test func numbers() throws {
        #expect(try value("42") == .int(42))
        #expect(try value("-7") == .int(-7))
        #expect(try value("+7") == .int(7))
        #expect(try value("0x1F") == .int(31))
        #expect(try value("0o17") == .int(15))
        #expect(try value("1.5") == .double(1.5))
        #expect(try value("-.5") == .double(-0.5))
        #expect(try value("1e3") == .double(1000))
        #expect(try value("2.") == .double(2))
        #expect(try value(".inf") == .double(.infinity))
        #expect(try value("100000000000000000000") == .double(1e20))
    }

    @Test func quotedAndBlockScalarsAreStrings() throws {
        #expect(try value("'true'") == .string("true"))
        #expect(try value("\"42\"") == .string("42"))
        #expect(try value("!!str 42") == .string("42"))
        #expect(try value("''") == .string(""))
        let folded = try YAMLReader.read(string: "v: >\n  a\n  b\n", name: "f.yaml")
        #expect(folded["v"]?.jsonValue == .string("a b\n"))
    }

    @Test func accessorsAndShapeChecks() throws {
        let root = try YAMLReader.read(string: "m: {a: 1}\ns: [1]\nx: text\n", name: "n.yaml")
        #expect(root["m"]?.isMapping == true)
        #expect(root["s"]?.isSequence == true)
        #expect(root["x"]?.string == "text")
        #expect(root["missing"] == nil)
        let error = try #require(throws: YAMLError.self) { try root["x"]?.requireMapping("`x`") }
        #expect(error.description == "n.yaml:3:4: expected `x` to be a mapping, found a scalar")
    }

    @Test func forEachEntryWalksAMappingInFileOrderAndStopsAtTheFirstError() throws {
        let root = try YAMLReader.read(string: "b: 1\na: [x]\nc: {d: 2}\n", name: "m.yaml")
        var seen: [String] = []
        #expect(root.forEachEntry { key, value in seen.append("\(key.string ?? "?")=\(value.kindName)@\(value.mark.line)") })
        #expect(seen == ["b=scalar@1", "a=sequence@2", "c=mapping@3"])

        struct Stop: Error {}
        var visited = 0
        #expect(throws: Stop.self) {
            try root.forEachEntry { (key, _) throws(Stop) in
                visited += 1
                if key.hasText("a") { throw Stop() }
            }
        }
        #expect(visited == 2)
    }

    @Test func forEachEntryCallsNothingForAScalarOrASequence() throws {
        let root = try YAMLReader.read(string: "s: text\nq: [1, 2]\n", name: "m.yaml")
        for key in ["s", "q"] {
            var calls = 0
            #expect(try #require(root[key]).forEachEntry { _, _ in calls += 1 } == false)
            #expect(calls == 0)
        }
    }

    @Test func forEachEntryRequiringAMappingSaysWhatRequireMappingSaysAndCallsNothing() throws {
        let list = try #require(try YAMLReader.read(string: "q: [1, 2]\n", name: "m.yaml")["q"])
        var calls = 0
        let walked = #expect(throws: YAMLError.self) { try list.forEachEntry(requiringMapping: "`q`") { _, _ in calls += 1 } }
        let required = #expect(throws: YAMLError.self) { try list.requireMapping("`q`") }
        #expect(walked == required)
        #expect(walked?.description == "m.yaml:1:4: expected `q` to be a mapping, found a sequence")
        #expect(calls == 0)
    }
}
