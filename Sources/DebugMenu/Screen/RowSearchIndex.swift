#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// What the menu's filter searches: every row's `searchableText` (id, title, status, source;
/// ASCII in its own case) as plain bytes, and the answers to the filters typed since the rows
/// last changed.
///
/// Use one per `ScreenModel`: `invalidate()` when the rows change (it costs nothing until the
/// next filter), `matches(_:in:)` for every typed key. The index is made on the first filter
/// after a change, not at every start of a menu that is never filtered. A row matches when the
/// filter's letters occur in order in one of its texts (`FuzzyMatch`); its score is its best
/// text's.
///
/// ```swift
/// var index = RowSearchIndex()
/// let matching = index.matches("tj", in: rows)   // (row index, score), in row order
/// ```
struct RowSearchIndex: Sendable {
    /// A row that matches, and how well.
    struct Match: Equatable, Sendable {
        var index: Int
        var score: Int
    }

    /// Every row's searchable text as UTF-8, one after another (row i's is
    /// `bytes[starts[i] ..< starts[i + 1]]`): the filter scans these plain bytes for every typed
    /// key. Scanning the rows themselves retained and released their strings, row by row: most
    /// of a filter key's cost at 10,000 flags (perf).
    private var bytes: [UInt8] = []
    /// A bit per byte of `bytes`, set where a word starts (`FuzzyMatch.prepare`).
    private var wordStarts: [UInt8] = []
    private var starts: [Int] = [0]
    /// Rows matching each filter typed since the rows last changed, by lowercased needle. Typing
    /// narrows: a longer needle whose letters include an earlier one's in order only searches
    /// that one's matches, and Backspace finds the earlier answer here, so a key costs
    /// O(matches), not O(rows).
    private var matchCache: [String: [Match]] = [:]
    /// Whether `bytes` is out of date.
    private var isStale = true

    /// Forgets the rows: the next `matches(_:in:)` indexes them again.
    mutating func invalidate() {
        matchCache.removeAll()
        isStale = true
    }

    /// The rows of `rows` whose texts match `needle` (lowercased, not empty), in row order.
    mutating func matches(_ needle: String, in rows: MenuRows) -> [Match] {
        if let known = matchCache[needle] { return known }
        if isStale { index(rows) }
        // The longest earlier needle that is a prefix of this one (typing on): its matches are a
        // superset of ours.
        let narrower = matchCache.keys.filter { needle.hasPrefix($0) }.max { $0.count < $1.count }
        let candidates = narrower.flatMap { matchCache[$0] }
        var matches: [Match] = []
        let needleBytes = Array(needle.utf8)
        let starts = self.starts
        bytes.withUnsafeBufferPointer { bytes in
            wordStarts.withUnsafeBufferPointer { wordStarts in
                needleBytes.withUnsafeBufferPointer { part in
                    guard let text = bytes.baseAddress, let words = wordStarts.baseAddress, let needle = part.baseAddress else { return }
                    func test(_ index: Int) {
                        if let score = Self.bestScore(needle, part.count, in: text, wordStarts: words, from: starts[index], to: starts[index + 1]) {
                            matches.append(Match(index: index, score: score))
                        }
                    }
                    if let candidates {
                        for match in candidates { test(match.index) }
                    } else {
                        for index in rows.indices { test(index) }
                    }
                }
            }
        }
        if matchCache.count >= 64 { matchCache.removeAll() }
        matchCache[needle] = matches
        return matches
    }

    /// The best score of `needle` in any one of a row's texts (`text[from ..< to]`, separated by
    /// newlines): letters spread over the id and the title are not a match.
    static func bestScore(_ needle: UnsafePointer<UInt8>, _ needleCount: Int, in text: UnsafePointer<UInt8>,
                          wordStarts: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        var best: Int?
        var start = from
        let ceiling = FuzzyMatch.ceiling(needleCount)
        while start <= to {
            var end = start
            while end < to && text[end] != 0x0A { end += 1 }
            if end - start >= needleCount,
               let score = FuzzyMatch.score(needle, needleCount, in: text, wordStarts: wordStarts, from: start, to: end),
               best.map({ score > $0 }) ?? true {
                best = score
                if score >= ceiling { break }
            }
            start = end + 1
        }
        return best
    }

    /// Fills `bytes` and `starts` from `rows` (O(n)).
    private mutating func index(_ rows: MenuRows) {
        isStale = false
        bytes.removeAll(keepingCapacity: true)
        wordStarts.removeAll(keepingCapacity: true)
        starts = [0]
        starts.reserveCapacity(rows.count + 1)
        for row in rows {
            row.appendSearchableText(to: &bytes, keepingCase: true)
            starts.append(bytes.count)
        }
        // One pass over all the text: lowercase it and note where words start (every row's
        // first byte follows the previous row's last, a different text: a newline is assumed).
        wordStarts = Array(repeating: 0, count: FuzzyMatch.wordStartBytes(for: bytes.count))
        FuzzyMatch.prepareInPlace(&bytes, wordStarts: &wordStarts, from: 0)
        let text = bytes, rowStarts = starts.dropLast()
        wordStarts.withUnsafeMutableBufferPointer { wordStarts in
            guard let wordStarts = wordStarts.baseAddress else { return }
            for start in rowStarts where start < text.count {
                FuzzyMatch.setWordStart(wordStarts, start, FuzzyMatch.startsWordAtTextStart(text[start]))
            }
        }
    }
}
#endif
