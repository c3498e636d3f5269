/// PICT's wildcard match: `*` matches any run of characters (none included), `?` exactly one,
/// and everything else itself. There is no escape, as in PICT.
///
/// `LIKE` uses it on values, and the parser uses it to tell constraint lines from parameter
/// lines (`IF*[*]*`, `[*]*`, `(*[*]*`).
enum WildcardPattern {
    /// Whether `pattern` matches all of `text`, compared by Unicode scalar.
    static func matches(_ pattern: String, _ text: String) -> Bool {
        matches(Array(pattern.unicodeScalars), Array(text.unicodeScalars))
    }

    static func matches(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
        // The classic greedy match with one backtrack point: linear in practice, never exponential.
        var p = 0, s = 0, star = -1, resume = 0
        while s < text.count {
            if p < pattern.count, pattern[p] == "?" || (pattern[p] != "*" && pattern[p] == text[s]) {
                p += 1
                s += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = s
                p += 1
            } else if star >= 0 {
                p = star + 1
                resume += 1
                s = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
