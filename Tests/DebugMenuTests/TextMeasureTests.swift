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
}
