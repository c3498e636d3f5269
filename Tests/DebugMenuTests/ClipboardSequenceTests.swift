import DebugMenu
import Testing

/// The OSC 52 request `y` sends: the text in base64, so nothing in it reaches the terminal raw.
@Suite("ClipboardSequence")
struct ClipboardSequenceTests {
    /// RFC 4648, section 10 (the base64 test vectors).
    static let rfc4648: [(String, String)] = [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ]

    @Test(arguments: rfc4648)
    func theTextTravelsAsBase64(_ text: String, _ encoded: String) {
        let bytes = ClipboardSequence.bytes(for: text)
        #expect(bytes == [0x1B] + Array("]52;c;\(encoded)".utf8) + [0x07])
    }

    @Test func anIdAndHostileTextBecomeOnlyPrintableBytes() throws {
        #expect(ClipboardSequence.bytes(for: "tipJar") == [0x1B] + Array("]52;c;dGlwSmFy".utf8) + [0x07])
        let hostile = try #require(ClipboardSequence.bytes(for: "a\u{1B}]52;c;x\u{07}\u{9B}ü"))
        let payload = hostile.dropFirst(7).dropLast()
        #expect(payload.allSatisfy { $0 >= 0x2B && $0 <= 0x7A }, "only base64 between the sequence's ends")
        #expect(ClipboardSequence.bytes(for: String(repeating: "x", count: ClipboardSequence.maximumTextLength + 1)) == nil)
    }
}
