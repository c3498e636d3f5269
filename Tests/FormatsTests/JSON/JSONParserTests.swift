import Testing
@testable import Formats

@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#"{"a": [1, -2, 2.5, 1e2, true, false, null, "x"], "b": {}}"#)
        #expect(value == .object([
            "a": .array([.int(1), .int(-2), .double(2.5), .double(100), .bool(true), .bool(false), .null, .string("x")]),
            "b": .object([:]),
        ]))
    }

    @Test func integersThatDoNotFitIntBecomeDoubles() throws {
        #expect(try JSONParser.parse("9223372036854775807") == .int(Int.max))
        #expect(try JSONParser.parse("9223372036854775808") == .double(9223372036854775808))
        #expect(try JSONParser.parse("-0") == .int(0))
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try JSONParser.parse(#""a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00""#)
        #expect(value == .string("a\"b\\c/d\u{08}\u{0C}\n\r\té😀"))
    }

    @Test func keepsRawUnicode() throws {
        #expect(try JSONParser.parse("\"Grüße 🎉\"") == .string("Grüße 🎉"))
    }

    @Test(arguments: [
        ("[1,]", 1, 4, "expected a value, found `]`"),
        ("{\"a\":1,}", 1, 8, "expected a string key, found `}`"),
        ("01", 1, 1, "leading zeros are not allowed in numbers"),
        ("[1 2]", 1, 4, "expected `,` or `]` in array, found `2`"),
        ("{'a':1}", 1, 2, "expected a string key, found `'`"),
        ("tru", 1, 1, "invalid literal, expected `true`"),
        ("nullx", 1, 1, "invalid literal, expected `null`"),
        ("1.", 1, 3, "expected a digit after `.`, found end of input"),
        ("-", 1, 2, "expected a digit after `-`, found end of input"),
        ("1e", 1, 3, "expected a digit in the exponent, found end of input"),
        ("\"abc", 1, 1, "unterminated string"),
        ("\"a\tb\"", 1, 3, "unescaped control character U+0009 in string"),
        ("\"\\x\"", 1, 3, "invalid escape `\\x`"),
        ("\"\\ud800\"", 1, 2, "lone surrogate \\uD800 in string"),
        ("\"\\udc00x\"", 1, 2, "lone surrogate \\uDC00 in string"),
        ("\"\\u12g4\"", 1, 6, "expected 4 hex digits after `\\u`, found `g`"),
        ("{\"a\":1,\"a\":2}", 1, 8, "duplicate key \"a\""),
        ("1 2", 1, 3, "unexpected `2` after the value"),
        ("", 1, 1, "expected a value, found end of input"),
        ("/* c */ 1", 1, 1, "expected a value, found `/`"),
        ("1e999", 1, 1, "number 1e999 is out of range"),
    ])
    func rejectsWhatRFC8259Rejects(text: String, line: Int, column: Int, message: String) {
        #expect(throws: JSONParseError(file: "t.json", line: line, column: column, message: message)) {
            try JSONParser.parse(text, file: "t.json")
        }
    }

    @Test func reportsLineAndColumnInScalars() {
        // "é" is two UTF-8 bytes but one column.
        let text = "{\n  \"é\": tru\n}"
        do {
            _ = try JSONParser.parse(text, file: "records.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 2)
            #expect(error.column == 8)
            #expect(error.description == "records.json:2:8: invalid literal, expected `true`")
        }
    }

    @Test func rejectsInvalidUTF8InStrings() {
        let bytes: [UInt8] = [0x22, 0xC3, 0x28, 0x22]
        #expect(throws: JSONParseError(file: "<input>", line: 1, column: 1, message: "string is not valid UTF-8")) {
            try JSONParser.parse(bytes: bytes)
        }
    }

    /// ASCII strings take a faster path than the others: both must read the same text, and a
    /// bad byte after ASCII ones, or a lone continuation byte, is still refused.
    @Test func readsASCIIAndOtherStringsAlikeAndRefusesBadBytesAnywhere() throws {
        #expect(try JSONParser.parse(#"["plain", "café", "🍚 bowl", ""]"#) == .array([.string("plain"), .string("café"), .string("🍚 bowl"), .string("")]))
        #expect(try JSONParser.parse(bytes: Array(#"{"k": "a"#.utf8) + [0xE2, 0x82, 0xAC] + Array(#""}"#.utf8)) == .object(["k": .string("a€")]))
        for bad: [UInt8] in [[0x61, 0x62, 0xC3, 0x28], [0x61, 0x80, 0x62], [0x61, 0xF0, 0x9F, 0x8D]] {
            #expect(throws: JSONParseError(file: "<input>", line: 1, column: 1, message: "string is not valid UTF-8")) {
                try JSONParser.parse(bytes: [0x22] + bad + [0x22])
            }
        }
    }

    @Test func acceptsByteOrderMarkAndSurroundingWhitespace() throws {
        #expect(try JSONParser.parse(bytes: [0xEF, 0xBB, 0xBF] + Array(" \r\n\t[]\n ".utf8)) == .array([]))
    }

    @Test func refusesExcessiveNesting() {
        // Balanced, so the only thing wrong is the depth: unclosed brackets would throw anyway.
        func nested(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
        let error = #expect(throws: JSONParseError.self) { try JSONParser.parse(nested(JSONParser.maximumDepth + 1)) }
        #expect(error.map { "\($0)" }?.contains("nesting deeper than \(JSONParser.maximumDepth) levels") == true)
        #expect((try? JSONParser.parse(nested(JSONParser.maximumDepth))) != nil, "exactly the limit is fine")
    }
}
