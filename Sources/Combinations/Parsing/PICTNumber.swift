/// Numbers as PICT reads them, with C's `strtod`: decimal (`-2.5e3`), hexadecimal (`0x10`,
/// `0x1p3`), `inf`, `infinity` and `nan`, any case.
///
/// A parameter is numeric when each value's whole name reads this way; a number in a constraint
/// is the longest prefix that does, so `[A]=1THEN` reads `1` and then the keyword.
enum PICTNumber {
    /// The value of `text` when all of it is a number.
    static func parse(_ text: String) -> Double? {
        guard let first = text.unicodeScalars.first, !first.properties.isWhitespace else { return nil }
        return Double(text)
    }

    /// The number that starts at `start` in `scalars`, and where it ends.
    static func prefix(of scalars: [Unicode.Scalar], from start: Int) -> (value: Double, end: Int)? {
        var index = start
        func peek(_ offset: Int = 0) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }
        func isDigit(_ scalar: Unicode.Scalar?, hex: Bool = false) -> Bool {
            guard let scalar else { return false }
            return ("0"..."9").contains(scalar) || (hex && (("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)))
        }
        if peek() == "+" || peek() == "-" { index += 1 }
        let afterSign = index
        // inf, infinity, nan: words strtod knows.
        for word in ["INFINITY", "INF", "NAN"] {
            let letters = Array(word.unicodeScalars)
            if index + letters.count <= scalars.count,
               zip(scalars[index..<index + letters.count], letters).allSatisfy({ String($0.0).uppercased() == String($0.1) }) {
                index += letters.count
                if word == "NAN", peek() == "(" , let close = scalars[index...].firstIndex(of: ")"),
                   scalars[(index + 1)..<close].allSatisfy({ isDigit($0, hex: true) || $0 == "_" || ("g"..."z").contains($0) || ("G"..."Z").contains($0) }) {
                    index = close + 1
                }
                return (Double(String(String.UnicodeScalarView(scalars[start..<index]))) ?? .nan, index)
            }
        }
        let hex = peek() == "0" && (peek(1) == "x" || peek(1) == "X") && (isDigit(peek(2), hex: true) || (peek(2) == "." && isDigit(peek(3), hex: true)))
        if hex { index += 2 }
        var digits = 0
        while isDigit(peek(), hex: hex) { index += 1; digits += 1 }
        if peek() == "." {
            let dot = index
            index += 1
            while isDigit(peek(), hex: hex) { index += 1; digits += 1 }
            if digits == 0 { index = dot }
        }
        guard digits > 0 else { index = afterSign; return nil }
        // An exponent counts only when digits follow it (`1E` followed by `LSE` is `1`, then `ELSE`).
        let marks: Set<Unicode.Scalar> = hex ? ["p", "P"] : ["e", "E"]
        if let mark = peek(), marks.contains(mark) {
            var exponent = index + 1
            if exponent < scalars.count, scalars[exponent] == "+" || scalars[exponent] == "-" { exponent += 1 }
            if exponent < scalars.count, isDigit(scalars[exponent]) {
                index = exponent
                while isDigit(peek()) { index += 1 }
            }
        }
        var text = String(String.UnicodeScalarView(scalars[start..<index]))
        // Swift reads a hexadecimal float only with an exponent or a dot; strtod also without.
        if hex, !text.contains(where: { $0 == "p" || $0 == "P" }) { text += "p0" }
        guard let value = Double(text) else { return nil }
        return (value, index)
    }
}
