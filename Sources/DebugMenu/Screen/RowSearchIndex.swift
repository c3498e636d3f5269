#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// What the menu's filter searches: every row's `searchableText` as plain bytes, and the
/// answers to the filters typed since the rows last changed.
///
/// Use one per `ScreenModel`: `invalidate()` when the rows change (it costs nothing until the
/// next filter), `matches(_:in:)` for every typed key. The index is made on the first filter
/// after a change, not at every start of a menu that is never filtered.
///
/// ```swift
/// var index = RowSearchIndex()
/// let matching = index.matches("tips", in: rows)   // indices into rows, in row order
/// ```
struct RowSearchIndex: Sendable {
    /// Every row's `searchableText` as UTF-8, one after another (row i's is
    /// `bytes[starts[i] ..< starts[i + 1]]`): the filter scans these plain bytes for every typed
    /// key. Scanning the rows themselves retained and released their strings, row by row: most
    /// of a filter key's cost at 10,000 flags (perf).
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    /// Rows matching each filter typed since the rows last changed, by lowercased needle. Typing
    /// narrows: a longer needle that contains an earlier one only searches that one's matches, and
    /// Backspace finds the earlier answer here, so a key costs O(matches), not O(rows).
    private var matchCache: [String: [Int]] = [:]
    /// Whether `bytes` is out of date.
    private var isStale = true

    /// Forgets the rows: the next `matches(_:in:)` indexes them again.
    mutating func invalidate() {
        matchCache.removeAll()
        isStale = true
    }

    /// The indices of `rows` whose searchable text contains `needle` (lowercased, not empty),
    /// in row order.
    mutating func matches(_ needle: String, in rows: MenuRows) -> [Int] {
        if let known = matchCache[needle] { return known }
        if isStale { index(rows) }
        // The longest earlier needle inside this one: its matches are a superset of ours.
        let narrower = matchCache.keys.filter { needle.contains($0) }.max { $0.count < $1.count }
        let candidates = narrower.flatMap { matchCache[$0] }
        var matches: [Int] = []
        var needleBytes = Array(needle.utf8)
        let starts = self.starts
        bytes.withUnsafeBufferPointer { bytes in
            needleBytes.withUnsafeMutableBufferPointer { part in
                func test(_ index: Int) {
                    let text = UnsafeBufferPointer(rebasing: bytes[starts[index] ..< starts[index + 1]])
                    if MenuRow.bytes(text, contain: UnsafeBufferPointer(part)) { matches.append(index) }
                }
                if let candidates {
                    for index in candidates { test(index) }
                } else {
                    for index in rows.indices { test(index) }
                }
            }
        }
        if matchCache.count >= 64 { matchCache.removeAll() }
        matchCache[needle] = matches
        return matches
    }

    /// Fills `bytes` and `starts` from `rows` (O(n)).
    private mutating func index(_ rows: MenuRows) {
        isStale = false
        bytes.removeAll(keepingCapacity: true)
        starts = [0]
        starts.reserveCapacity(rows.count + 1)
        for row in rows {
            row.appendSearchableText(to: &bytes)
            starts.append(bytes.count)
        }
    }
}
#endif
