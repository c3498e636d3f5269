/// A strict RFC 8259 JSON reader that turns text into a `JSONValue` and, when the text is not
/// JSON, says exactly where and why.
///
/// Use it for anything a person or a server wrote: experiment records, fixtures, files passed
/// on the command line. It accepts nothing beyond the RFC (no comments, no trailing commas, no
/// single quotes, no leading zeros, no lone surrogates, no raw control characters in strings),
/// because a record that some other reader would see differently must not be enrolled quietly.
/// A number without fraction or exponent that fits `Int` becomes `.int`; any other number
/// becomes `.double`. A repeated key in one object is an error, since readers disagree on which
/// copy wins.
///
/// ```swift
/// let value = try JSONParser.parse(#"{"data": [1, 2.5]}"#, file: "records.json")
/// value["data"]  // .array([.int(1), .double(2.5)])
/// ```
public struct JSONParser {
    /// Nesting deeper than this is refused so a hostile file cannot exhaust the stack.
    public static let maximumDepth = 512

    /// The text being read, valid for the parse: read through a pointer, since an array's
    /// bounds check and reference on every byte were a good part of reading a record.
    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    private var index = 0
    /// Members of the objects being read, innermost object's last (see `parseObject`).
    private var pending: [(key: String, value: JSONValue)] = []
    /// Where the text starts: after a byte order mark, which no column counts.
    private var origin = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Reads one JSON value from `text`; `file` names the text in error messages.
    public static func parse(_ text: String, file: String = "<input>") throws(JSONParseError) -> JSONValue {
        try parse(bytes: Array(text.utf8), file: file)
    }

    /// Reads one JSON value from UTF-8 `bytes`; `file` names the text in error messages.
    /// Bytes that are not valid UTF-8 inside a string are an error.
    public static func parse(bytes: some Sequence<UInt8>, file: String = "<input>") throws(JSONParseError) -> JSONValue {
        let text = Array(bytes)
        return try text.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONValue in
            var parser = JSONParser(bytes: buffer, file: file)
            // RFC 8259 §8.1 lets a parser ignore a byte order mark; editors on some systems add one.
            if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { (parser.index, parser.origin) = (3, 3) }
            parser.skipWhitespace()
            let value = try parser.parseValue()
            parser.skipWhitespace()
            if parser.index < parser.bytes.count {
                throw parser.error("unexpected \(parser.describeCurrent()) after the value")
            }
            return value
        }
    }

    // MARK: - Cursor

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Moves past one byte. Lines and columns are not counted on the way (that doubled the cost
    /// of every byte); an error works out its position from its offset.
    private mutating func advance() {
        index += 1
    }

    private mutating func skipWhitespace() {
        while let byte = current,
              byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
                || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
            advance()
        }
    }

    /// An error at the cursor, or at `offset`.
    private func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
        let (line, column) = position(of: offset ?? index)
        return JSONParseError(file: file, line: line, column: column, message: message)
    }

    /// The 1-based line and column of the byte at `offset`. Columns count Unicode scalars, so a
    /// UTF-8 continuation byte does not start a new column.
    private func position(of offset: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in bytes[origin..<max(origin, min(offset, bytes.count))] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// The character under the cursor, quoted for a message.
    private func describeCurrent() -> String {
        guard let byte = current else { return "end of input" }
        if byte < 0x20 { return "control character U+\(hex4(UInt32(byte)))" }
        if byte < 0x80 { return "`\(Character(Unicode.Scalar(byte)))`" }
        // Decode the whole scalar so the message shows what the person typed.
        var iterator = bytes[index...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return "`\(Character(scalar))`" }
        return "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: - Values

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard let byte = current else { throw error("expected a value, found end of input") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func expectLiteral(_ word: String) throws(JSONParseError) {
        let start = index
        for expected in word.utf8 {
            guard current == expected else {
                throw error("invalid literal, expected `\(word)`", at: start)
            }
            advance()
        }
        // `nullx` or `true1` is one bad token, not a literal followed by garbage.
        if let next = current, isIdentifierByte(next) {
            throw error("invalid literal, expected `\(word)`", at: start)
        }
    }

    private func isIdentifierByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_")
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        advance() // {
        // Members wait in `pending` until the object ends, so its dictionary is made once at its
        // final size: growing it key by key, and hashing every key twice, was most of the cost
        // of reading a thousand experiment records.
        let base = pending.count
        var large: [String: JSONValue]?
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            advance()
            depth -= 1
            return .object([:])
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw error("expected a string key, found \(describeCurrent())")
            }
            let keyStart = index
            let key = try parseString()
            if pending.count - base < 16 {
                // Lengths first: keys of one object mostly differ in length, and comparing two
                // strings that differ went through the standard library's slow comparison.
                let length = key.utf8.count
                if pending[base...].contains(where: { $0.key.utf8.count == length && $0.key == key }) {
                    throw error("duplicate key \"\(key)\"", at: keyStart)
                }
            } else {
                if large == nil { large = Dictionary(pending[base...].map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }) }
                if large?[key] != nil { throw error("duplicate key \"\(key)\"", at: keyStart) }
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw error("expected `:` after key \"\(key)\", found \(describeCurrent())")
            }
            advance()
            skipWhitespace()
            let value = try parseValue()
            pending.append((key, value))
            large?[key] = value
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                advance()
            case UInt8(ascii: "}"):
                advance()
                depth -= 1
                if let large {
                    pending.removeSubrange(base...)
                    return .object(large)
                }
                // Moved out from the end, not copied and then dropped: each copy of a key and a
                // value was a reference count. The keys are distinct, so the order is free.
                var members: [String: JSONValue] = Dictionary(minimumCapacity: pending.count - base)
                while pending.count > base {
                    let member = pending.removeLast()
                    members[member.key] = member.value
                }
                return .object(members)
            default:
                throw error("expected `,` or `}` in object, found \(describeCurrent())")
            }
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        advance() // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            advance()
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                advance()
            case UInt8(ascii: "]"):
                advance()
                depth -= 1
                return .array(elements)
            default:
                throw error("expected `,` or `]` in array, found \(describeCurrent())")
            }
        }
    }

    // MARK: - Strings

    private mutating func parseString() throws(JSONParseError) -> String {
        let start = index
        advance() // opening quote
        // Most strings have no escapes: find the closing quote and make the string straight
        // from the bytes, without copying them one by one.
        var end = index
        var highBits: UInt8 = 0
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 {
            highBits |= bytes[end]
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            // ASCII (nearly every key and value of a record) cannot be invalid, and decoding it
            // takes the standard library's fast path; validating goes through an unspecialized
            // generic that cost a thousand instructions a string.
            let run = UnsafeBufferPointer(rebasing: bytes[index..<end])
            let text = highBits < 0x80 ? String(decoding: run, as: UTF8.self) : String(validating: run, as: UTF8.self)
            guard let text else { throw error("string is not valid UTF-8", at: start) }
            index = end + 1
            return text
        }
        var utf8 = Array(bytes[index..<end])
        index = end
        while true {
            guard let byte = current else {
                throw error("unterminated string", at: start)
            }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw error("string is not valid UTF-8", at: start)
                }
                return text
            case UInt8(ascii: "\\"):
                advance()
                try parseEscape(into: &utf8)
            case 0x00..<0x20:
                throw error("unescaped \(describeCurrent()) in string")
            default:
                utf8.append(byte)
                advance()
            }
        }
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONParseError) {
        guard let byte = current else { throw error("unterminated escape sequence") }
        let simple: UInt8? = switch byte {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case UInt8(ascii: "/"): UInt8(ascii: "/")
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let simple {
            utf8.append(simple)
            advance()
            return
        }
        guard byte == UInt8(ascii: "u") else {
            throw error("invalid escape `\\\(describeCurrent().trimmingBackticks)`")
        }
        let escapeStart = index - 1
        advance()
        let first = try parseHex4()
        var scalarValue = UInt32(first)
        switch first {
        case 0xD800...0xDBFF:
            // A high surrogate is only meaningful followed by `\u` and a low surrogate.
            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("lone surrogate \\u\(hex4(UInt32(first))) in string", at: escapeStart)
            }
            advance(); advance()
            let second = try parseHex4()
            guard (0xDC00...0xDFFF).contains(second) else {
                throw error("lone surrogate \\u\(hex4(UInt32(first))) in string", at: escapeStart)
            }
            scalarValue = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
        case 0xDC00...0xDFFF:
            throw error("lone surrogate \\u\(hex4(UInt32(first))) in string", at: escapeStart)
        default:
            break
        }
        // Every value left here is a valid scalar: surrogates were handled above.
        guard let scalar = Unicode.Scalar(scalarValue) else {
            throw error("invalid code point in escape", at: escapeStart)
        }
        utf8.append(contentsOf: String(Character(scalar)).utf8)
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = hexDigitValue(byte) else {
                throw error("expected 4 hex digits after `\\u`, found \(describeCurrent())")
            }
            value = value << 4 | UInt16(digit)
            advance()
        }
        return value
    }

    private func hexDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: - Numbers

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        var isInteger = true
        if current == UInt8(ascii: "-") { advance() }
        guard let first = current, isDigit(first) else {
            throw error("expected a digit after `-`, found \(describeCurrent())")
        }
        if first == UInt8(ascii: "0") {
            advance()
            if let next = current, isDigit(next) {
                throw error("leading zeros are not allowed in numbers", at: start)
            }
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            isInteger = false
            advance()
            guard let digit = current, isDigit(digit) else {
                throw error("expected a digit after `.`, found \(describeCurrent())")
            }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard let digit = current, isDigit(digit) else {
                throw error("expected a digit in the exponent, found \(describeCurrent())")
            }
            skipDigits()
        }
        if isInteger, let integer = smallInteger(bytes[start..<index]) { return .int(integer) }
        // The grammar above admits only ASCII, so this decoding cannot fail.
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .int(integer) }
        guard let double = Double(text), double.isFinite else {
            throw error("number \(text) is out of range", at: start)
        }
        return .double(double)
    }

    /// The value of an integer of at most 18 digits, read straight from its bytes (no string);
    /// nil for longer ones, which `Int(_:)` checks for overflow.
    private func smallInteger(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        let negative = digits.first == UInt8(ascii: "-")
        let body = negative ? digits.dropFirst() : digits
        guard body.count <= 18 else { return nil }
        var value = 0
        for digit in body { value = value * 10 + Int(digit - UInt8(ascii: "0")) }
        return negative ? -value : value
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { advance() }
    }
}

private extension String {
    /// `describeCurrent()` quotes characters in backticks; an escape message quotes the whole
    /// escape instead, so the inner quotes come off.
    var trimmingBackticks: String {
        guard count >= 2, first == "`", last == "`" else { return self }
        return String(dropFirst().dropLast())
    }
}
