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
        guard let needleBase = needle.baseAddress, let textBase = text.baseAddress else { return needle.isEmpty ? 0 : nil }
        return score(needleBase, needle.count, in: textBase, from: 0, to: text.count, positions: positions)
    }

    /// `score(_:in:positions:)` on `text[from ..< to]` by pointer: the filter runs it on every
    /// text of every row for a typed key, so it avoids slices and iterators.
    static func score(_ needle: UnsafePointer<UInt8>, _ needleCount: Int, in text: UnsafePointer<UInt8>, from: Int, to: Int,
                      positions: UnsafeMutableBufferPointer<Int>? = nil) -> Int? {
        guard needleCount > 0 else { return 0 }
        guard to - from >= needleCount else { return nil }
        let first = needle[0]
        var best = Int.min
        var bestStart = -1
        var starts = 0
        var start = from
        let lastStart = to - needleCount
        // The first place the first letter occurs, then only the later ones that start a word:
        // a match starting inside a word after an earlier start is rarely better, and trying
        // every one costs a scan each.
        while start <= lastStart && starts < maximumStarts {
            if lower(text[start]) == first && (starts == 0 || isWordStart(text, from: from, at: start)) {
                starts += 1
                let score = align(needle, needleCount, in: text, from: from, to: to, start: start, positions: nil)
                if score == Int.min { break }
                if score > best { best = score; bestStart = start }
                if best >= ceiling(needleCount) { break }
            }
            start += 1
        }
        guard bestStart >= 0 else { return nil }
        if let positions { _ = align(needle, needleCount, in: text, from: from, to: to, start: bestStart, positions: positions) }
        return best
    }

    /// The best score a needle of `count` letters can reach: all consecutive, starting a word.
    /// A match that reaches it ends the search of a row.
    @inline(__always) static func ceiling(_ count: Int) -> Int {
        count * letterScore + (count - 1) * consecutiveBonus + wordStartBonus
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
    /// first occurrence after the previous one; `Int.min` when the letters run out.
    private static func align(_ needle: UnsafePointer<UInt8>, _ needleCount: Int, in text: UnsafePointer<UInt8>,
                              from: Int, to: Int, start: Int, positions: UnsafeMutableBufferPointer<Int>?) -> Int {
        var score = 0
        var previous = -1
        var index = start
        var offset = 0
        while offset < needleCount {
            let letter = needle[offset]
            while index < to && lower(text[index]) != letter { index += 1 }
            if index >= to { return Int.min }
            score += letterScore
            if previous >= 0 {
                let gap = index - previous - 1
                if gap == 0 { score += consecutiveBonus } else { score -= gapStartPenalty + gapPenalty * (gap > 21 ? 20 : gap - 1) }
            }
            if isWordStart(text, from: from, at: index) { score += wordStartBonus }
            positions?[offset] = index - from
            previous = index
            index += 1
            offset += 1
        }
        return score
    }

    /// Whether the byte at `index` starts a word: the text's first, one after a separator, or an
    /// upper-case letter after a lower-case one.
    @inline(__always) private static func isWordStart(_ text: UnsafePointer<UInt8>, from: Int, at index: Int) -> Bool {
        guard index > from else { return true }
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
