import DebugMenu
import Testing

@Suite("TextMeasure")
struct TextMeasureTests {
    let measure = TextMeasure.unicode

    @Test func widthsOfNarrowWideAndZeroWidthText() {
        #expect(measure.width(of: "abc") == 3)
        #expect(measure.width(of: "寿司") == 4)
        #expect(measure.width(of: "🍣") == 2)
        #expect(measure.width(of: "e\u{301}") == 1)  // e + combining acute
        #expect(measure.width(of: "한국어") == 6)
        #expect(measure.width(of: "▸ ✓ ●") == 5)
    }

    @Test func clippingNeverSplitsAWideCharacter() {
        #expect(measure.clip("寿司 sushi", to: 3) == "寿 ")
        #expect(measure.width(of: measure.clip("寿司 sushi", to: 3)) == 3)
        #expect(measure.clip("abc", to: 10) == "abc")
        #expect(measure.clip("abc", to: 0) == "")
        #expect(measure.fit("ab", to: 4) == "ab  ")
    }

    @Test func ellipsisMarksCutText() {
        #expect(measure.fitWithEllipsis("Translation", to: 6) == "Trans…")
        #expect(measure.fitWithEllipsis("Short", to: 8) == "Short   ")
        #expect(measure.width(of: measure.fitWithEllipsis("寿司寿司寿司", to: 6)) == 6)
    }

    @Test func controlCharactersAreShownAsQuestionMarks() {
        #expect(measure.sanitized("a\tb\nc\u{1B}") == "a?b?c?")
        #expect(measure.width(of: "a\tb") == 3)
    }

    @Test func nulAndBidiOverridesAreShownAndMeasuredAsQuestionMarks() {
        // ncurses stops drawing a string at NUL: `Tip\0Jar` showed as `Tip`.
        #expect(measure.sanitized("Tip\u{0}Jar") == "Tip?Jar" && measure.width(of: "Tip\u{0}Jar") == 7)
        #expect(measure.sanitized("\u{202E}gnp.exe\u{2066}x\u{2069}") == "?gnp.exe?x?")
        #expect(measure.sanitized("csi\u{9B}31m") == "csi?31m")
        let wcwidthLike = TextMeasure(scalarWidth: { $0.value == 0 || $0.value == 0x202E ? 0 : 1 })
        #expect(wcwidthLike.sanitized("a\u{0}b\u{202E}c") == "a?b?c" && wcwidthLike.width(of: "a\u{0}b") == 3)
    }

    @Test func plainASCIIIsMeasuredAndClippedLikeAnyOtherText() {
        for measure in [TextMeasure.unicode, TextMeasure(scalarWidth: { $0.value < 0x20 || $0.value == 0x7F ? -1 : 1 })] {
            let text = "Flag 00042 tips ~ [x]"
            #expect(measure.width(of: text) == text.count)
            for columns in 0...(text.count + 2) {
                #expect(measure.clip(text, to: columns) == String(text.prefix(columns)))
            }
            #expect(measure.sanitized("tab\there") == "tab?here" && measure.sanitized("del\u{7F}") == "del?")
            #expect(measure.width(of: "tab\there") == 8 && measure.clip("a\u{7F}b", to: 2) == "a\u{7F}")
        }
    }
}
