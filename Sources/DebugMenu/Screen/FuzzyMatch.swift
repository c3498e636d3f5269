#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// The menu filter's matching, as fzf does it: the typed letters must appear in order in one of
/// a row's texts (`tj` is in "Tip Jar"), and a match scores higher when its letters are
/// consecutive and start words, so the best matches can be shown first.
///
/// Texts are searched prepared (`prepare(_:lowered:wordStarts:)`): lowercased, with a bit per
/// byte saying whether a word starts there (after a separator, or an upper-case letter after a
/// lower-case one: `tipJar`), worked out once when the filter's index is made, so a key compares
/// plain bytes. `positions(of:in:)` prepares one drawn text to highlight the matched letters.
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

    /// Appends `text` (UTF-8; ASCII in its own case) to `lowered`, lowercased, and sets the bit
    /// of `wordStarts` (`wordStartBytes(for:)` long) where a word starts. A newline separates texts.
    static func prepare(_ text: [UInt8], lowered: inout [UInt8], wordStarts: inout [UInt8]) {
        let start = lowered.count
        lowered.append(contentsOf: text)
        wordStarts.append(contentsOf: repeatElement(0, count: wordStartBytes(for: lowered.count) - wordStarts.count))
        prepareInPlace(&lowered, wordStarts: &wordStarts, from: start)
    }

    /// How many bytes of word-start bits a text of `count` bytes needs: one bit per byte, so the
    /// filter's index of a 10,000-flag menu holds 0.4 MB of them rather than 3 MB.
    static func wordStartBytes(for count: Int) -> Int { (count + 7) / 8 }

    /// Whether the word-start bit of byte `index` is set.
    @inline(__always) static func startsWord(_ wordStarts: UnsafePointer<UInt8>, _ index: Int) -> Bool {
        wordStarts[index >> 3] & (1 << UInt8(index & 7)) != 0
    }

    /// Sets or clears the word-start bit of byte `index`.
    @inline(__always) static func setWordStart(_ wordStarts: UnsafeMutablePointer<UInt8>, _ index: Int, _ isStart: Bool) {
        let bit: UInt8 = 1 << UInt8(index & 7)
        if isStart { wordStarts[index >> 3] |= bit } else { wordStarts[index >> 3] &= ~bit }
    }

    /// Prepares `lowered[from...]` (appended in its own case) in place, setting the bits of
    /// `wordStarts` from `from` on (it is already `wordStartBytes(for: lowered.count)` long):
    /// what the filter's index does with each row's text, without copying it.
    static func prepareInPlace(_ lowered: inout [UInt8], wordStarts: inout [UInt8], from: Int) {
        let count = lowered.count
        lowered.withUnsafeMutableBufferPointer { bytes in
            wordStarts.withUnsafeMutableBufferPointer { starts in
                guard let starts = starts.baseAddress else { return }
                var before: UInt8 = from > 0 ? bytes[from - 1] : 0x0A
                var index = from
                while index < count {
                    let byte = bytes[index]
                    setWordStart(starts, index, isWordStart(before: before, here: byte))
                    if byte >= 0x41 && byte <= 0x5A { bytes[index] = byte | 0x20 }
                    before = byte
                    index += 1
                }
            }
        }
    }

    /// The best score of `needle` (lowercased, not empty) in the prepared `text[from ..< to]`, or
    /// nil when its letters do not all occur in order; `positions` (when given) gets the matched
    /// offsets from `from`. The filter runs it on every text of every row for a typed key, so it
    /// works on pointers, without slices or iterators.
    static func score(_ needle: UnsafePointer<UInt8>, _ needleCount: Int, in text: UnsafePointer<UInt8>,
                      wordStarts: UnsafePointer<UInt8>, from: Int, to: Int,
                      positions: UnsafeMutableBufferPointer<Int>? = nil) -> Int? {
        guard needleCount > 0 else { return 0 }
        guard to - from >= needleCount else { return nil }
        let first = needle[0]
        let ceiling = ceiling(needleCount)
        var best = Int.min
        var bestStart = -1
        var starts = 0
        var start = from
        let lastStart = to - needleCount
        // The first place the first letter occurs, then only the later ones that start a word:
        // a match starting inside a word after an earlier start is rarely better, and trying
        // every one costs a scan each.
        while start <= lastStart && starts < maximumStarts {
            if text[start] == first && (starts == 0 || startsWord(wordStarts, start)) {
                starts += 1
                let score = align(needle, needleCount, in: text, wordStarts: wordStarts, to: to, start: start, positions: nil, from: from)
                if score == Int.min { break }
                if score > best {
                    best = score
                    bestStart = start
                }
                if best >= ceiling { break }
            }
            start += 1
        }
        guard bestStart >= 0 else { return nil }
        if let positions { _ = align(needle, needleCount, in: text, wordStarts: wordStarts, to: to, start: bestStart, positions: positions, from: from) }
        return best
    }

    /// The score of `needle` in `text` (UTF-8, any case), for tests and one-off questions.
    static func score(_ needle: String, in text: String) -> Int? {
        var lowered: [UInt8] = [], wordStarts: [UInt8] = []
        prepare(Array(text.utf8), lowered: &lowered, wordStarts: &wordStarts)
        let needleBytes = Array(needle.lowercased().utf8)
        return needleBytes.withUnsafeBufferPointer { part in
            lowered.withUnsafeBufferPointer { text in
                wordStarts.withUnsafeBufferPointer { starts in
                    guard let needle = part.baseAddress, let base = text.baseAddress, let startsBase = starts.baseAddress else { return nil }
                    return score(needle, part.count, in: base, wordStarts: startsBase, from: 0, to: text.count)
                }
            }
        }
    }

    /// The best score a needle of `count` letters can reach: all consecutive, starting a word.
    /// A match that reaches it ends the search of a row.
    @inline(__always) static func ceiling(_ count: Int) -> Int {
        count * letterScore + (count - 1) * consecutiveBonus + wordStartBonus
    }

    /// The character offsets in `text` of the letters of `needle` in its best match, or nil.
    static func positions(of needle: String, in text: String) -> [Int]? {
        let needleBytes = Array(needle.lowercased().utf8)
        guard !needleBytes.isEmpty else { return nil }
        var bytes: [UInt8] = []
        var characterOfByte: [Int] = []
        for (offset, character) in text.enumerated() {
            let utf8 = character.isASCII ? Array(String(character).utf8) : Array(String(character).lowercased().utf8)
            bytes += utf8
            characterOfByte += Array(repeating: offset, count: utf8.count)
        }
        var lowered: [UInt8] = [], wordStarts: [UInt8] = []
        prepare(bytes, lowered: &lowered, wordStarts: &wordStarts)
        var found = Array(repeating: 0, count: needleBytes.count)
        let matched: Int? = needleBytes.withUnsafeBufferPointer { part in
            lowered.withUnsafeBufferPointer { text in
                wordStarts.withUnsafeBufferPointer { starts in
                    found.withUnsafeMutableBufferPointer { positions -> Int? in
                        guard let needle = part.baseAddress, let base = text.baseAddress, let startsBase = starts.baseAddress else { return nil }
                        return score(needle, part.count, in: base, wordStarts: startsBase, from: 0, to: text.count, positions: positions)
                    }
                }
            }
        }
        guard matched != nil else { return nil }
        var result: [Int] = []
        for byte in found where result.last != characterOfByte[byte] { result.append(characterOfByte[byte]) }
        return result
    }

    /// The score of the match whose first letter is at `start`, each further letter taken at its
    /// first occurrence after the previous one; `Int.min` when the letters run out.
    private static func align(_ needle: UnsafePointer<UInt8>, _ needleCount: Int, in text: UnsafePointer<UInt8>,
                              wordStarts: UnsafePointer<UInt8>, to: Int, start: Int,
                              positions: UnsafeMutableBufferPointer<Int>?, from: Int) -> Int {
        var score = 0
        var previous = -1
        var index = start
        var offset = 0
        while offset < needleCount {
            let letter = needle[offset]
            while index < to && text[index] != letter { index += 1 }
            if index >= to { return Int.min }
            score += letterScore
            if previous >= 0 {
                let gap = index - previous - 1
                if gap == 0 { score += consecutiveBonus } else { score -= gapStartPenalty + gapPenalty * (gap > 21 ? 20 : gap - 1) }
            }
            if startsWord(wordStarts, index) { score += wordStartBonus }
            positions?[offset] = index - from
            previous = index
            index += 1
            offset += 1
        }
        return score
    }

    /// Whether a text's first byte starts a word (as after a newline).
    static func startsWordAtTextStart(_ byte: UInt8) -> Bool { isWordStart(before: 0x0A, here: byte) }

    /// Whether `here` starts a word after `before`: after a separator (a newline starts every
    /// text), or an upper-case letter after a lower-case one.
    private static func isWordStart(before: UInt8, here: UInt8) -> Bool {
        if !isAlphanumeric(before) && before < 0x80 { return isAlphanumeric(here) || here >= 0x80 }
        return isUpper(here) && isLowerLetter(before)
    }

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    private static func isLowerLetter(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isUpper(byte) || isLowerLetter(byte) || (byte >= 0x30 && byte <= 0x39)
    }
}
#endif
