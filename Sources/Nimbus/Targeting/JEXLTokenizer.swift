/// Splits JEXL source into tokens exactly as jexl-rs 0.4's lexer (`jexl-parser/src/lexer.rs`)
/// does, over the source's UTF-8 bytes.
///
/// What jexl-rs reads differently from JavaScript's JEXL is refused here with the reason:
/// - there is no `!` (only `!=`), no `=`, no single `&`;
/// - a backslash in a string may only escape that string's own quote (`'it\'s'`, `"a\"b"`);
/// - numbers are digits with an optional fraction, or a fraction alone (`.5`); no sign, no exponent;
/// - identifiers are letters, digits and `_` (no `$`);
/// - any non-ASCII character fails: the lexer indexes characters by `chars().nth(position)` but
///   ends at, and slices by, the byte length, so on a device such an expression is a lexical
///   error or a panic, never the intended string.
struct JEXLTokenizer {
    static func tokenize(_ source: String) throws(JEXLError) -> [JEXLToken] {
        let bytes = Array(source.utf8)
        if let offset = bytes.firstIndex(where: { $0 >= 0x80 }) {
            let position = String(decoding: bytes[..<offset], as: UTF8.self).count + 1
            throw .syntax(message: "jexl-rs 0.4 (the engine the mobile SDK uses) cannot read non-ASCII characters in an expression: a device fails it; compare against an attribute instead of writing the text in the expression",
                          position: position)
        }
        var tokens: [JEXLToken] = []
        tokens.reserveCapacity(bytes.count / 3 + 1)
        var index = 0
        func byte(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }
        while index < bytes.count {
            let character = bytes[index]
            let position = index + 1
            func add(_ symbol: String) {
                tokens.append(JEXLToken(kind: .symbol(symbol), position: position))
                index += symbol.utf8.count
            }
            switch character {
            case 0x09...0x0D, 0x20:
                index += 1
            case UInt8(ascii: "+"): add("+")
            case UInt8(ascii: "-"): add("-")
            case UInt8(ascii: "*"): add("*")
            case UInt8(ascii: "%"): add("%")
            case UInt8(ascii: "^"): add("^")
            case UInt8(ascii: "("): add("(")
            case UInt8(ascii: ")"): add(")")
            case UInt8(ascii: "["): add("[")
            case UInt8(ascii: "]"): add("]")
            case UInt8(ascii: "{"): add("{")
            case UInt8(ascii: "}"): add("}")
            case UInt8(ascii: ","): add(",")
            case UInt8(ascii: ":"): add(":")
            case UInt8(ascii: "?"): add("?")
            case UInt8(ascii: "|"): add(byte(index + 1) == UInt8(ascii: "|") ? "||" : "|")
            case UInt8(ascii: "/"): add(byte(index + 1) == UInt8(ascii: "/") ? "//" : "/")
            case UInt8(ascii: ">"): add(byte(index + 1) == UInt8(ascii: "=") ? ">=" : ">")
            case UInt8(ascii: "<"): add(byte(index + 1) == UInt8(ascii: "=") ? "<=" : "<")
            case UInt8(ascii: "="):
                guard byte(index + 1) == UInt8(ascii: "=") else {
                    throw .syntax(message: "unexpected `=`: JEXL has no assignment; compare with `==`", position: position)
                }
                add("==")
            case UInt8(ascii: "&"):
                guard byte(index + 1) == UInt8(ascii: "&") else {
                    throw .syntax(message: "unexpected `&`: the logical operator is `&&`", position: position)
                }
                add("&&")
            case UInt8(ascii: "!"):
                guard byte(index + 1) == UInt8(ascii: "=") else {
                    throw .syntax(message: "jexl-rs (the JEXL engine the mobile SDK uses) has no `!` operator, so a device fails this expression: write `x == false` instead of `!x` (and `(…) == false` for a group)",
                                  position: position)
                }
                add("!=")
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                index = try scanString(bytes, from: index, into: &tokens)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                index = scanNumber(bytes, from: index, into: &tokens)
            case UInt8(ascii: "."):
                if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte(index + 1)) {
                    index = scanNumber(bytes, from: index, into: &tokens)
                } else {
                    add(".")
                }
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
                var end = index + 1
                while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
                let word = String(decoding: bytes[index..<end], as: UTF8.self)
                let kind: JEXLToken.Kind = switch word {
                case "true": .literal(.bool(true))
                case "false": .literal(.bool(false))
                case "null": .literal(.null)
                case "in": .symbol("in")
                default: .identifier(word)
                }
                tokens.append(JEXLToken(kind: kind, position: position))
                index = end
            default:
                let shown = character < 0x20 || character == 0x7F ? "character \(character)" : "character `\(Character(Unicode.Scalar(character)))`"
                throw .syntax(message: "unexpected \(shown)", position: position)
            }
        }
        tokens.append(JEXLToken(kind: .end, position: bytes.count + 1))
        return tokens
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): true
        default: false
        }
    }

    private static func isDigit(_ bytes: [UInt8], _ offset: Int) -> Bool {
        offset < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset])
    }

    /// Digits with an optional `.digits`, or `.digits` alone; a `.` not followed by a digit is
    /// left for member access (`1.foo` is the number 1, then `.foo`).
    private static func scanNumber(_ bytes: [UInt8], from start: Int, into tokens: inout [JEXLToken]) -> Int {
        var end = start
        let leadingDot = bytes[start] == UInt8(ascii: ".")
        if leadingDot { end += 1 }
        while isDigit(bytes, end) { end += 1 }
        if !leadingDot, end < bytes.count, bytes[end] == UInt8(ascii: "."), isDigit(bytes, end + 1) {
            end += 1
            while isDigit(bytes, end) { end += 1 }
        }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        // Digits with at most one dot always parse, as Rust's `str::parse::<f64>` does.
        let value = Double(leadingDot ? "0" + text : text) ?? .nan
        tokens.append(JEXLToken(kind: .number(value), position: start + 1))
        return end
    }

    /// A quoted string; a backslash must be followed by the string's own quote, which it stands for.
    private static func scanString(_ bytes: [UInt8], from start: Int, into tokens: inout [JEXLToken]) throws(JEXLError) -> Int {
        let quote = bytes[start]
        var text: [UInt8] = []
        var end = start + 1
        while end < bytes.count {
            let next = bytes[end]
            if next == quote {
                tokens.append(JEXLToken(kind: .string(String(decoding: text, as: UTF8.self)), position: start + 1))
                return end + 1
            } else if next == UInt8(ascii: "\\") {
                guard end + 1 < bytes.count, bytes[end + 1] == quote else {
                    let escape = quote == UInt8(ascii: "'") ? "\\'" : "\\\""
                    throw .syntax(message: "invalid escape in a string: jexl-rs only allows `\(escape)` there (no `\\\\`, `\\n` or other escapes)",
                                  position: end + 1)
                }
                text.append(quote)
                end += 2
            } else {
                text.append(next)
                end += 1
            }
        }
        throw .syntax(message: "unterminated string: add the closing \(quote == UInt8(ascii: "'") ? "'" : "\"")", position: start + 1)
    }
}
