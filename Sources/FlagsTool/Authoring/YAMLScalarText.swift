import Formats
import FeatureFlags

/// Writes a string as a YAML scalar that reads back as the same string: plain when that is safe,
/// double-quoted otherwise.
///
/// Plain is preferred because that is how people write registries; the checks err towards quoting.
///
/// ```swift
/// YAMLScalarText.string("New Thing")        // New Thing
/// YAMLScalarText.string("Off: for now")     // "Off: for now"
/// YAMLScalarText.string("true")             // "true"
/// ```
enum YAMLScalarText {
    static func string(_ text: String) -> String {
        let indicators: Set<Character> = ["-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`"]
        let isPlainSafe = !text.isEmpty
            && text.first.map { !indicators.contains($0) && !$0.isWhitespace } == true
            && text.last.map { !$0.isWhitespace && $0 != ":" } == true
            && !text.contains(": ") && !text.contains(" #") && !text.contains("\t")
            && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
        // The last word goes to the YAML reader itself: a plain scalar that would read as a
        // number, a Boolean or null (`true`, `1.0`, `~`) must be quoted.
        guard isPlainSafe, let node = try? YAMLReader.read(string: "key: " + text, name: "<scalar>"),
              node["key"]?.jsonValue == .string(text) else { return doubleQuoted(text) }
        return text
    }

    static func doubleQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
