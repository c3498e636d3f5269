import Testing
@testable import FML

@Suite struct FMLTypeTests {
    private func parse(_ text: String) -> FMLType? {
        let declared: [String: FMLType] = ["Color": .enumeration("Color"), "Card": .object("Card"), "Key": .stringAlias("Key")]
        return try? FMLType.parse(text, resolve: { declared[$0] }).get()
    }

    @Test func parsesAndPrintsFMLSyntax() {
        #expect(parse("Option<String>") == .option(.string))
        #expect(parse("Map<String, Boolean>") == .map(key: .string, value: .boolean))
        #expect(parse("Map<Color, List<Option<Card>>>") == .map(key: .enumeration("Color"), value: .list(.option(.object("Card")))))
        #expect(parse("Map<Key,Int>")?.description == "Map<Key, Int>")
        #expect(parse("Option<String>")?.description == "Option<String>")
        #expect(parse("Map<String, Boolean>")?.description == "Map<String, Boolean>")
        for builtin in ["Boolean", "Int", "String", "Text", "Image"] {
            #expect(parse(builtin)?.description == builtin)
        }
    }

    @Test(arguments: ["Float", "List<Nope>", "Map<Int, String>", "Map<String>", "Option<String, Int>", "List<String", "Set<String>", "List<>"])
    func rejects(_ text: String) {
        #expect(parse(text) == nil)
    }
}
