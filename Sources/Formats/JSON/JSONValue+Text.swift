import Platform

/// JSON text for a `JSONValue`, written by hand so the bytes are exactly the ones Nimbus hashes.
extension JSONValue {
    /// The value as compact JSON text: no spaces, object keys sorted by their UTF-8 bytes, strings
    /// escaped the way `serde_json` escapes them (`"`, `\`, and control characters only; `/` and
    /// non-ASCII stay as they are).
    ///
    /// This is the text Nimbus hashes for bucketing (`["<id>","<namespace>"]`), so it must match
    /// Rust's `serde_json::to_string` byte for byte. Foundation's serializer escapes `/`, which
    /// would move users between buckets.
    public var compactText: String {
        String(decoding: compactUTF8, as: UTF8.self)
    }

    /// `compactText` as UTF-8 bytes, written straight into a byte array: this is what bucketing
    /// hashes for every record and every client, and bytes are several times cheaper to build
    /// than a growing String.
    public var compactUTF8: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        writeCompact(to: &output)
        return output
    }

    /// The value as indented JSON text (two spaces, sorted keys) for people to read.
    ///
    /// Besides what `compactText` escapes, DEL, C1 controls, the line separators and bidi
    /// overrides are written as `\uXXXX`: the same JSON value, but text from a server can no
    /// longer act on the terminal that shows it (`compactText` keeps serde_json's bytes, which
    /// bucketing hashes).
    public var prettyText: String {
        var output = ""
        writePretty(to: &output, indent: 0)
        return output
    }

    private func writeCompact(to output: inout [UInt8]) {
        switch self {
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                element.writeCompact(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (offset, key) in Self.sortedKeys(members).enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                members[key]!.writeCompact(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        case .string(let value):
            Self.writeString(value, to: &output)
        default:
            var text = ""
            writeScalar(to: &text)
            output.append(contentsOf: text.utf8)
        }
    }

    /// A string as JSON bytes: copied whole when nothing needs escaping (almost always).
    private static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        if string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            var escaped = ""
            writeEscapedCharacters(of: string, to: &escaped)
            output.append(contentsOf: escaped.utf8)
        } else {
            output.append(contentsOf: string.utf8)
        }
        output.append(UInt8(ascii: "\""))
    }

    private func writePretty(to output: inout String, indent: Int) {
        let inner = String(repeating: "  ", count: indent + 1)
        let outer = String(repeating: "  ", count: indent)
        switch self {
        case .array(let elements) where !elements.isEmpty:
            output += "[\n"
            for (offset, element) in elements.enumerated() {
                output += inner
                element.writePretty(to: &output, indent: indent + 1)
                output += offset < elements.count - 1 ? ",\n" : "\n"
            }
            output += outer + "]"
        case .object(let members) where !members.isEmpty:
            output += "{\n"
            let keys = Self.sortedKeys(members)
            for (offset, key) in keys.enumerated() {
                output += inner
                Self.writeDisplayString(key, to: &output)
                output += ": "
                members[key]!.writePretty(to: &output, indent: indent + 1)
                output += offset < keys.count - 1 ? ",\n" : "\n"
            }
            output += outer + "}"
        case .array:
            output += "[]"
        case .object:
            output += "{}"
        default:
            writeScalar(to: &output)
        }
    }

    private func writeScalar(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value): output += Self.numberText(value)
        case .string(let value): Self.writeDisplayString(value, to: &output)
        case .array, .object: output += compactText
        }
    }

    /// Sorting by UTF-8 bytes matches `serde_json`'s `BTreeMap<String, _>` ordering; Swift's own
    /// `<` on `String` compares by Unicode canonical equivalence and can disagree.
    private static func sortedKeys(_ members: [String: JSONValue]) -> [String] {
        members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private static func writeDisplayString(_ string: String, to output: inout String) {
        output += "\""
        writeEscapedCharacters(of: string, to: &output, forDisplay: true)
        output += "\""
    }

    /// The characters of a JSON string, escaped as `serde_json` does: `"`, `\` and control
    /// characters only; `forDisplay` also escapes what `TerminalSafeText` finds unsafe.
    private static func writeEscapedCharacters(of string: String, to output: inout String, forDisplay: Bool = false) {
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || (forDisplay && TerminalSafeText.isUnsafe(scalar)):
                let digits = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default:
                output.unicodeScalars.append(scalar)
            }
        }
    }

    /// JSON has no NaN or infinity; `serde_json` writes them as `null`, and so does this.
    /// Exponents are written without `+` or leading zeros (`1e16`, `1e-7`) as `serde_json` does.
    private static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let text = value.description
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return text }
        let mantissa = text[..<e]
        var exponent = text[text.index(after: e)...]
        var sign = ""
        if exponent.first == "+" || exponent.first == "-" {
            if exponent.first == "-" { sign = "-" }
            exponent = exponent.dropFirst()
        }
        let digits = exponent.drop { $0 == "0" }
        return "\(mantissa)e\(sign)\(digits.isEmpty ? "0" : String(digits))"
    }
}
