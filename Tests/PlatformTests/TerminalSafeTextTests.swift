import Platform
import Testing

/// The one sanitiser between text from files or servers and a terminal.
@Suite struct TerminalSafeTextTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("title\u{1B}]0;owned\u{07}", "title?]0;owned?"),
        ("clip\u{1B}]52;c;cm0gLXJm\u{07}", "clip?]52;c;cm0gLXJm?"),
        ("\u{1B}[2Jcleared", "?[2Jcleared"),
        ("nul\u{0}hides", "nul?hides"),
        ("del\u{7F}c1\u{9B}31m", "del?c1?31m"),
        ("\u{202E}gnp.exe", "?gnp.exe"),
        ("iso\u{2066}late\u{2069}", "iso?late?"),
        ("line\u{2028}sep", "line?sep"),
        ("tab\there\nnext", "tab?here?next"),
        ("寿司 café 🍣", "寿司 café 🍣"),
    ])
    func unsafeScalarsBecomeQuestionMarks(input: String, shown: String) {
        #expect(TerminalSafeText.sanitized(input) == shown)
        #expect(TerminalSafeText.needsSanitizing(input) == (input != shown))
    }

    @Test func lineBreaksStayOnlyWhenTheLayoutIsLines() {
        #expect(TerminalSafeText.sanitized("a\tb\nc\u{1B}", keepingLineBreaks: true) == "a\tb\nc?")
        #expect(TerminalSafeText.sanitized("a\rb", keepingLineBreaks: true) == "a?b")
        #expect(!TerminalSafeText.needsSanitizing("a\tb\n", keepingLineBreaks: true))
    }

    @Test func everyC0C1AndDELScalarIsUnsafeAndNothingPrintableIs() {
        for value in UInt32(0)...0xFF {
            let scalar = Unicode.Scalar(value)!
            let control = value < 0x20 || (0x7F...0x9F).contains(value)
            #expect(TerminalSafeText.isUnsafe(scalar) == control, "U+\(String(value, radix: 16))")
        }
    }
}
