import Testing
@testable import Formats

@Suite struct JSONValueTextTests {
    @Test func compactTextSortsKeysAndHasNoSpaces() {
        let value: JSONValue = .object(["b": .array([.int(1), .null]), "a": .bool(true), "c": .object(["z": .string("x"), "y": .double(1.5)])])
        #expect(value.compactText == #"{"a":true,"b":[1,null],"c":{"y":1.5,"z":"x"}}"#)
    }

    @Test func compactTextEscapesLikeSerdeJSONButNotSlash() {
        let value: JSONValue = .string("a/b\"c\\d\n\t\u{01}\u{1F}é\u{7F}")
        #expect(value.compactText == #""a/b\"c\\d\n\t\u0001\u001fé\#u{7F}""#)
    }

    @Test func doublesUseSerdeStyleExponents() {
        #expect(JSONValue.double(1).compactText == "1.0")
        #expect(JSONValue.double(1e16).compactText == "1e16")
        #expect(JSONValue.double(1.5e-7).compactText == "1.5e-7")
        #expect(JSONValue.double(.nan).compactText == "null")
    }

    @Test func prettyTextIndentsByTwoSpaces() {
        let value: JSONValue = .object(["list": .array([.int(1), .object([:])]), "empty": .array([]), "name": .string("x")])
        #expect(value.prettyText == """
        {
          "empty": [],
          "list": [
            1,
            {}
          ],
          "name": "x"
        }
        """)
    }

    @Test func textRoundTripsThroughTheParser() throws {
        let value: JSONValue = .object(["a": .array([.string("\u{00}\"/"), .double(0.25), .int(-3)]), "ü": .null])
        #expect(try JSONParser.parse(value.compactText) == value)
        #expect(try JSONParser.parse(value.prettyText) == value)
    }
}
