#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// The menu filter's matching, as fzf does it: the typed letters must appear in order in one of
/// a row's texts (`tj` is in "Tip Jar"), and a match scores higher when its letters are
/// consecutive and start words, so the best matches can be shown first.
///
/// Use `score(_:in:)` on bytes (the filter's hot path, no allocation) and `positions(of:in:)`
/// on a drawn text to highlight the matched letters. The needle is lowercased; the text keeps
/// its case (an upper-case letter after a lower-case one starts a word: `tipJar`) and is
/// compared lowercased.
///
/// ```swift
/// FuzzyMatch.positions(of: "tj", in: "Tip Jar")   // [0, 4]
/// FuzzyMatch.positions(of: "jt", in: "Tip Jar")   // nil: the letters are out of order
/// ```
enum FuzzyMatch {
    /// What each matched letter earns, and the bonuses that rank matches like fzf's.
    static let letterScore = 16
    static let consecutiveBonus = 15
    static let wordStartBonus = 12
    static let gapStartPenalty = 3
    static let gapPenalty = 1
    /// How many places where the first letter occurs are tried as the start of a match: enough
    /// for row texts, and a bound on the cost of a key.
    static let maximumStarts = 16

    /// The best score of `needle` (lowercased, not empty) in `text`, or nil when its letters do
    /// not all occur in order; `positions` (when given) gets the matched byte offsets.
    static func score(_ needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>,
                      positions: UnsafeMutableBufferPointer<Int>? = nil) -> Int? {
        guard let first = needle.first, needle.count <= text.count else { return needle.isEmpty ? 0 : nil }
        var best: Int?
        var bestStart = -1
        var starts = 0
        var start = 0
        while start <= text.count - needle.count, starts < maximumStarts {
            if lower(text[start]) == first {
                starts += 1
                guard let score = align(needle, in: text, from: start, positions: nil) else { break }
                if best.map({ score > $0 }) ?? true { best = score; bestStart = start }
            }
            start += 1
        }
        if let positions, bestStart >= 0 { _ = align(needle, in: text, from: bestStart, positions: positions) }
        return best
    }

    /// The character offsets in `text` of the letters of `needle` in its best match, or nil.
    static func positions(of needle: String, in text: String) -> [Int]? {
        let lowered = Array(needle.lowercased().utf8)
        let characters = Array(text)
        var bytes: [UInt8] = []
        var characterOfByte: [Int] = []
        for (offset, character) in characters.enumerated() {
            let utf8 = character.isASCII ? Array(String(character).utf8) : Array(String(character).lowercased().utf8)
            bytes += utf8
            characterOfByte += Array(repeating: offset, count: utf8.count)
        }
        var found = Array(repeating: 0, count: lowered.count)
        let matched: Int? = lowered.withUnsafeBufferPointer { needle in
            bytes.withUnsafeBufferPointer { text in
                found.withUnsafeMutableBufferPointer { positions -> Int? in Self.score(needle, in: text, positions: positions) }
            }
        }
        guard matched != nil, !lowered.isEmpty else { return nil }
        var result: [Int] = []
        for byte in found where result.last != characterOfByte[byte] { result.append(characterOfByte[byte]) }
        return result
    }

    /// The score of the match whose first letter is at `start`, each further letter taken at its
    /// first occurrence after the previous one; nil when the letters run out.
    private static func align(_ needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, from start: Int,
                              positions: UnsafeMutableBufferPointer<Int>?) -> Int? {
        var score = 0
        var previous = -1
        var index = start
        for (offset, letter) in needle.enumerated() {
            while index < text.count, lower(text[index]) != letter { index += 1 }
            guard index < text.count else { return nil }
            score += letterScore
            if previous >= 0 && index == previous + 1 {
                score += consecutiveBonus
            } else if previous >= 0 {
                score -= gapStartPenalty + gapPenalty * min(index - previous - 2, 20)
            }
            if isWordStart(text, at: index) { score += wordStartBonus }
            positions?[offset] = index
            previous = index
            index += 1
        }
        return score
    }

    /// Whether the byte at `index` starts a word: the text's first, one after a separator, or an
    /// upper-case letter after a lower-case one.
    private static func isWordStart(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index > 0 else { return true }
        let before = text[index - 1], here = text[index]
        if !isAlphanumeric(before) && before < 0x80 { return isAlphanumeric(here) || here >= 0x80 }
        return isUpper(here) && isLowerLetter(before)
    }

    @inline(__always) static func lower(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte | 0x20 : byte }
    @inline(__always) private static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    @inline(__always) private static func isLowerLetter(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    @inline(__always) private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isUpper(byte) || isLowerLetter(byte) || (byte >= 0x30 && byte <= 0x39)
    }
}
#endif
