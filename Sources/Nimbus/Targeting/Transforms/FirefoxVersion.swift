/// A version string compared the way Firefox (and Nimbus's `versionCompare`) compares them.
///
/// Each dot-separated part reads as `<number><letters><number><rest>` (`1b3` → 1, "b", 3, "");
/// missing parts count as `0`, numbers compare as numbers, and a part with letters sorts before
/// the same part without (`1.0a1 < 1.0`, `114.! < 114.0`). `*` is larger than any number, and
/// `1+` reads as `2pre`, as in Firefox's nsVersionComparator.
struct FirefoxVersion: Comparable {
    struct Part: Comparable {
        var numberA = 0
        var stringB = ""
        var numberC = 0
        var extraD = ""

        init(_ text: Substring) {
            var rest = text
            if rest.first == "*" {
                numberA = Int.max
                return
            }
            numberA = Self.takeNumber(&rest)
            if rest.first == "+" {
                numberA += 1
                stringB = "pre"
                return
            }
            let letters = rest.prefix { !$0.isASCII || !$0.isNumber }
            stringB = String(letters)
            rest = rest.dropFirst(letters.count)
            numberC = Self.takeNumber(&rest)
            extraD = String(rest)
        }

        private static func takeNumber(_ text: inout Substring) -> Int {
            let digits = text.prefix { $0.isASCII && $0.isNumber }
            text = text.dropFirst(digits.count)
            // Absurdly long digit runs saturate rather than wrap.
            return Int(digits) ?? (digits.isEmpty ? 0 : Int.max)
        }

        /// An empty string sorts after any non-empty one: a pre-release comes before its release.
        private static func compareStrings(_ a: String, _ b: String) -> Int {
            if a == b { return 0 }
            if a.isEmpty { return 1 }
            if b.isEmpty { return -1 }
            return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : 1
        }

        func compare(_ other: Part) -> Int {
            if numberA != other.numberA { return numberA < other.numberA ? -1 : 1 }
            let b = Self.compareStrings(stringB, other.stringB)
            if b != 0 { return b }
            if numberC != other.numberC { return numberC < other.numberC ? -1 : 1 }
            return Self.compareStrings(extraD, other.extraD)
        }

        static func < (lhs: Part, rhs: Part) -> Bool { lhs.compare(rhs) < 0 }
        static func == (lhs: Part, rhs: Part) -> Bool { lhs.compare(rhs) == 0 }
    }

    var parts: [Part]

    init(_ text: String) {
        parts = text.split(separator: ".", omittingEmptySubsequences: false).map(Part.init)
    }

    /// -1, 0 or 1 as `self` is older than, equal to or newer than `other`.
    func compare(_ other: FirefoxVersion) -> Int {
        let zero = Part("0")
        for offset in 0..<max(parts.count, other.parts.count) {
            let mine = offset < parts.count ? parts[offset] : zero
            let theirs = offset < other.parts.count ? other.parts[offset] : zero
            let result = mine.compare(theirs)
            if result != 0 { return result }
        }
        return 0
    }

    static func < (lhs: FirefoxVersion, rhs: FirefoxVersion) -> Bool { lhs.compare(rhs) < 0 }
    static func == (lhs: FirefoxVersion, rhs: FirefoxVersion) -> Bool { lhs.compare(rhs) == 0 }
}
