/// Turns a valid file into a nearly valid one: byte flips, deletions, duplications, splices and
/// copies of lines, indentation changes, and type-confusing replacements of one token (a number
/// for a string, a list for a Boolean, a huge number, an alias bomb, invalid UTF-8, deep nesting).
///
/// Mutations work on bytes so they reach every parser path, including broken encodings.
///
/// ```swift
/// var mutator = Mutator(random: SeededRandom(seed: 1, index: 0))
/// let input = mutator.mutate(Array("a: 1\n".utf8))
/// ```
public struct Mutator {
    public var random: SeededRandom

    public init(random: SeededRandom) { self.random = random }

    /// Tokens that confuse types and stress limits; each replaces one word of the input.
    static let replacements: [[UInt8]] = {
        var texts = [
            "true", "false", "null", "~", "0", "-1", "-0", "1.5", "1e999", "-1e999", "1e-999", "NaN", ".nan", ".inf", "-.inf",
            "9223372036854775807", "9223372036854775808", "-9223372036854775809", "123456789012345678901234567890",
            "0x1F", "0o17", "+12", "1_000", "\"\"", "\"x\"", "''", "[]", "{}", "[1, \"a\", null, true]", "{\"a\": {\"b\": []}}",
            "{a: 1, a: 2}", "*undefined", "&a [*a]", "&b x", "*b", "!!str", "!!int x", "!!binary AAAA", "!custom x",
            "Boolean", "Int", "String", "Text", "Image", "Option<Boolean>", "List<Map<String, Option<List<Int>>>>",
            "Map<Int, String>", "Option<Option<Option<Int>>>", "List<", "Map<String,>", "Undeclared", "enabled",
            "\"\\ud800\"", "\"\\u0000\"", "\"\\uDFFF\\uD800\"", "\"\\x\"", "|", ">-", "- ", ": ", "? ", "#", "%YAML 1.1",
            "---", "...", "\t", "developer", "release", "nightly", "channels", "include", "nimbus.fml.yaml",
            "../nimbus.fml.yaml", "/dev/null", "/nonexistent/x.yaml", "\"bucketConfig\"", "\"data\"", "\"branches\"",
            "\"targeting\"", "\"ratio\"", "\"count\"", "\"total\"", "\"value\"", "\"featureId\"", "\"app_name == 'bibimbap' && (\"",
            "\"days_since_install >= 1e999\"", "\"'a' in [\"", "\"locale|versionCompare('1')\"", "-1e308", "4294967296",
        ].map { Array($0.utf8) }
        texts += [[0xFF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80], [0xEF, 0xBB, 0xBF], [0x00], [0x0D]]
        // Deep nesting: the parsers must refuse it with an error, never run out of stack.
        texts.append(Array((String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)).utf8))
        texts.append(Array((String(repeating: "{\"a\":", count: 3_000) + "1" + String(repeating: "}", count: 3_000)).utf8))
        texts.append(Array((String(repeating: "- ", count: 3_000) + "x").utf8))
        texts.append(Array((String(repeating: "List<", count: 3_000) + "Int" + String(repeating: ">", count: 3_000)).utf8))
        // Billion laughs: nine levels of ten aliases each, as one flow value (10^9 nodes if expanded).
        var laughs = "[&l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"
        for level in 1...9 {
            laughs += ", &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]"
        }
        texts.append(Array((laughs + "]").utf8))
        return texts
    }()

    /// One to three mutations of `input`.
    public mutating func mutate(_ input: [UInt8]) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...3, using: &random) { bytes = mutateOnce(bytes) }
        return bytes
    }

    private mutating func mutateOnce(_ bytes: [UInt8]) -> [UInt8] {
        guard !bytes.isEmpty else { return Self.replacements.randomElement(using: &random)! }
        var bytes = bytes
        switch Int.random(in: 0..<9, using: &random) {
        case 0: // flip a bit, or set a byte
            let at = Int.random(in: 0..<bytes.count, using: &random)
            if Bool.random(using: &random) { bytes[at] ^= 1 << UInt8.random(in: 0..<8, using: &random) } else { bytes[at] = UInt8.random(in: 0...255, using: &random) }
        case 1: // delete a range
            let range = randomRange(in: bytes.count, maxLength: 32)
            bytes.removeSubrange(range)
        case 2: // duplicate a range in place
            let range = randomRange(in: bytes.count, maxLength: 64)
            bytes.insert(contentsOf: bytes[range], at: range.upperBound)
        case 3: // move a line elsewhere
            var lines = splitLines(bytes)
            let line = lines.remove(at: Int.random(in: 0..<lines.count, using: &random))
            lines.insert(line, at: Int.random(in: 0...lines.count, using: &random))
            bytes = lines.flatMap { $0 }
        case 4: // copy a line elsewhere
            var lines = splitLines(bytes)
            let line = lines[Int.random(in: 0..<lines.count, using: &random)]
            lines.insert(line, at: Int.random(in: 0...lines.count, using: &random))
            bytes = lines.flatMap { $0 }
        case 5: // change a line's indentation
            var lines = splitLines(bytes)
            let index = Int.random(in: 0..<lines.count, using: &random)
            var line = lines[index]
            let indent = line.prefix { $0 == UInt8(ascii: " ") }.count
            switch Int.random(in: 0..<3, using: &random) {
            case 0: line.removeFirst(min(indent, Int.random(in: 1...4, using: &random)))
            case 1: line.insert(contentsOf: repeatElement(UInt8(ascii: " "), count: Int.random(in: 1...4, using: &random)), at: 0)
            default: line.replaceSubrange(0..<indent, with: [UInt8(ascii: "\t")])
            }
            lines[index] = line
            bytes = lines.flatMap { $0 }
        default: // replace one token with a type-confusing one
            let token = tokenRange(in: bytes, around: Int.random(in: 0..<bytes.count, using: &random))
            bytes.replaceSubrange(token, with: Self.replacements.randomElement(using: &random)!)
        }
        return bytes
    }

    private mutating func randomRange(in count: Int, maxLength: Int) -> Range<Int> {
        let start = Int.random(in: 0..<count, using: &random)
        return start..<min(count, start + Int.random(in: 1...maxLength, using: &random))
    }

    /// Lines with their newline kept, so joining them gives the input back.
    private func splitLines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = [[]]
        for byte in bytes {
            lines[lines.count - 1].append(byte)
            if byte == UInt8(ascii: "\n") { lines.append([]) }
        }
        if lines.last?.isEmpty == true, lines.count > 1 { lines.removeLast() }
        return lines
    }

    /// The word around `index`: bytes up to the nearest space, newline or punctuation of YAML and JSON.
    private func tokenRange(in bytes: [UInt8], around index: Int) -> Range<Int> {
        let delimiters = Set(" \n\t:,[]{}".utf8)
        var start = index, end = index
        while start > 0, !delimiters.contains(bytes[start - 1]) { start -= 1 }
        while end < bytes.count, !delimiters.contains(bytes[end]) { end += 1 }
        return start..<end
    }
}
