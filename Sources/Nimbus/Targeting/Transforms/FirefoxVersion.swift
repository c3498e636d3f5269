/// A version string read and compared the way the Nimbus SDK's `versionCompare` reads it
/// (application-services `components/support/firefox-versioning`, itself a port of Firefox's
/// nsVersionComparator).
///
/// A version is its dot-separated parts; a missing part counts as `0`, so `1.0 == 1.0.0`. Each
/// part is `<number A><letters B><number C><rest D>`:
/// - A and C are base-10 numbers that must fit a signed 32-bit integer (a longer one is an
///   error, as on a device, never a silent saturation);
/// - B stops at a digit, `+` or `-`, so `1-beta` has no letters and `-beta` as its rest, and
///   sorts after `1a`;
/// - a part that is exactly `*` is the largest number; `*a` is the letters `*a`;
/// - a `+` right after A reads as `A+1` with letters `pre` (`1.0+ == 1.1pre`), and what follows
///   the `+` is ignored;
/// - empty letters (or rest) sort after non-empty ones (`1.0a1 < 1.0`, `114.! < 114.0`), others
///   compare byte by byte.
/// A part with a non-ASCII character is an error.
struct FirefoxVersion: Sendable {
    /// One dot-separated part, already split into its four pieces.
    struct Part: Sendable, Equatable {
        var numberA: Int32 = 0
        var lettersB: [UInt8] = []
        var numberC: Int32 = 0
        var restD: [UInt8] = []

        init(numberA: Int32 = 0, lettersB: String = "", numberC: Int32 = 0, restD: String = "") {
            self.numberA = numberA
            self.lettersB = Array(lettersB.utf8)
            self.numberC = numberC
            self.restD = Array(restD.utf8)
        }

        init(parsing text: Substring) throws(FirefoxVersionError) {
            let bytes = Array(text.utf8)
            guard bytes.allSatisfy({ $0 < 0x80 }) else { throw .nonASCII(part: String(text)) }
            if bytes.isEmpty { return }
            if bytes == [UInt8(ascii: "*")] {
                numberA = .max
                return
            }
            var index = 0
            numberA = try Self.number(in: bytes, at: &index, part: text)
            guard index < bytes.count else { return }
            if bytes[index] == UInt8(ascii: "+") {
                // The SDK adds with Rust's release-build arithmetic, which wraps: `2147483647+`
                // becomes the smallest number there too, rather than an error.
                numberA = numberA &+ 1
                lettersB = Array("pre".utf8)
                return
            }
            while index < bytes.count, !Self.endsLetters(bytes[index]) {
                lettersB.append(bytes[index])
                index += 1
            }
            guard index < bytes.count else { return }
            numberC = try Self.number(in: bytes, at: &index, part: text)
            guard index < bytes.count else { return }
            restD = Array(bytes[index...])
        }

        private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        /// Letters end where a number begins, and at `+` or `-` (Firefox's rule, kept by the SDK).
        private static func endsLetters(_ byte: UInt8) -> Bool {
            isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
        }

        private static func number(in bytes: [UInt8], at index: inout Int, part: Substring) throws(FirefoxVersionError) -> Int32 {
            var value: Int64 = 0
            while index < bytes.count, isDigit(bytes[index]) {
                value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
                guard value <= Int64(Int32.max) else { throw .overflow(part: String(part)) }
                index += 1
            }
            return Int32(value)
        }

        /// Empty sorts after non-empty; otherwise byte order.
        private static func compareText(_ a: [UInt8], _ b: [UInt8]) -> Int {
            if a == b { return 0 }
            if a.isEmpty { return 1 }
            if b.isEmpty { return -1 }
            return a.lexicographicallyPrecedes(b) ? -1 : 1
        }

        /// -1, 0 or 1 as `self` sorts before, with or after `other`.
        func compare(_ other: Part) -> Int {
            if numberA != other.numberA { return numberA < other.numberA ? -1 : 1 }
            let letters = Self.compareText(lettersB, other.lettersB)
            if letters != 0 { return letters }
            if numberC != other.numberC { return numberC < other.numberC ? -1 : 1 }
            return Self.compareText(restD, other.restD)
        }
    }

    var parts: [Part]

    init(parsing text: String) throws(FirefoxVersionError) {
        var parts: [Part] = []
        for piece in text.split(separator: ".", omittingEmptySubsequences: false) {
            parts.append(try Part(parsing: piece))
        }
        self.parts = parts
    }

    /// -1, 0 or 1 as `self` is older than, equal to or newer than `other`.
    func compare(_ other: FirefoxVersion) -> Int {
        let zero = Part()
        for offset in 0..<max(parts.count, other.parts.count) {
            let mine = offset < parts.count ? parts[offset] : zero
            let theirs = offset < other.parts.count ? other.parts[offset] : zero
            let result = mine.compare(theirs)
            if result != 0 { return result }
        }
        return 0
    }
}
