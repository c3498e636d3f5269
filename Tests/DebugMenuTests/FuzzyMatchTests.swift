@testable import DebugMenu
import Testing

/// The filter's fzf-style matching: letters in order, consecutive letters and word starts
/// ranked higher.
@Suite("Fuzzy matching")
struct FuzzyMatchTests {
    /// (needle, text, matched character offsets or nil for no match).
    static let positions: [(String, String, [Int]?)] = [
        ("tj", "Tip Jar", [0, 4]),
        ("tj", "tipJar", [0, 3]),
        ("jt", "Tip Jar", nil),
        ("wayback", "Wayback Machine", [0, 1, 2, 3, 4, 5, 6]),
        ("abc", "ab", nil),
        ("override", "override · 5m", [0, 1, 2, 3, 4, 5, 6, 7]),
        ("ab", "xaxb ab", [5, 6]),                 // the consecutive word, not the first a and b
        ("é", "Café", [3]),
        ("", "anything", nil),
    ]

    @Test(arguments: positions.indices)
    func matchedLettersAreFoundInOrder(_ index: Int) {
        let (needle, text, expected) = Self.positions[index]
        #expect(FuzzyMatch.positions(of: needle, in: text) == expected, "\(needle) in \(text)")
    }

    func score(_ needle: String, _ text: String) -> Int? { FuzzyMatch.score(needle, in: text) }

    /// (needle, better text, worse text): each pair as fzf ranks it.
    static let rankings: [(String, String, String)] = [
        ("tab", "Zeta tabs", "status.bookmarks"),        // consecutive beats spread
        ("tj", "Tip Jar", "the big jar"),                 // word starts beat letters inside words
        ("tj", "tipJar", "tipjar"),                       // a camelCase hump is a word start
        ("ord", "Order Tracking", "Loyalty card"),
        ("promo", "Promo Banner", "Live progress of an order, from home"),
    ]

    @Test(arguments: rankings.indices)
    func tighterMatchesScoreHigher(_ index: Int) throws {
        let (needle, better, worse) = Self.rankings[index]
        let high = try #require(score(needle, better)), low = try #require(score(needle, worse))
        #expect(high > low, "\(needle): \(better) \(high) vs \(worse) \(low)")
    }

    /// Word starts are one bit per byte (the index of a large menu holds one per byte of its
    /// text), for texts appended one after another at any offset.
    @Test func wordStartsAreABitPerByte() {
        var lowered: [UInt8] = [], wordStarts: [UInt8] = []
        FuzzyMatch.prepare(Array("tipJar x".utf8), lowered: &lowered, wordStarts: &wordStarts)
        FuzzyMatch.prepare(Array("\nnewBibimbapMenu".utf8), lowered: &lowered, wordStarts: &wordStarts)
        #expect(lowered == Array("tipjar x\nnewbibimbapmenu".utf8))
        #expect(wordStarts.count == (lowered.count + 7) / 8)
        let starts = wordStarts.withUnsafeBufferPointer { bits in lowered.indices.filter { FuzzyMatch.startsWord(bits.baseAddress!, $0) } }
        #expect(starts == [0, 3, 7, 9, 12, 20])
    }
}
