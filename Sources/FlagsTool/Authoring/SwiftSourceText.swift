import FeatureFlags
import Platform
/// Turns manifest names and texts into Swift source text that is always valid and never more
/// than it says: identifiers made only of ASCII letters, digits and `_`, string literals with
/// every special character escaped, doc comments that cannot end early.
///
/// Both generators use it, so the flags file and the features file name and escape alike.
///
/// ```swift
/// SwiftSourceText.identifier("sections-enabled")   // "sectionsEnabled"
/// SwiftSourceText.typeName("ad-blocker-feature")   // "AdBlockerFeature"
/// ```
enum SwiftSourceText {
    /// A lower-camel-case member name: kept when it is already one, else camel-cased
    /// (`after-four-hours` → `afterFourHours`; a leading digit or keyword gets `_`). Never
    /// capitalised: a property called `String` would hide the type in its own declaration.
    static func identifier(_ text: String) -> String {
        SwiftIdentifier.isValid(text) && !(text.first?.isUppercase ?? false) ? text : camelCased(text)
    }

    /// An upper-camel-case type name.
    static func typeName(_ text: String) -> String {
        let camel = SwiftIdentifier.isValid(text) ? text : camelCased(text)
        guard let first = camel.first, first != "_" else { return "T" + camel }
        return first.uppercased() + camel.dropFirst()
    }

    /// A member name after a dot or in a declaration: keywords and `Type`/`Protocol` in backticks.
    static func escaped(_ name: String) -> String {
        SwiftIdentifier.keywords.contains(name) || name == "Type" || name == "Protocol" ? "`\(name)`" : name
    }

    static func camelCased(_ text: String) -> String {
        var words: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        var name = words.enumerated().map { index, word in
            index == 0 ? word.prefix(1).lowercased() + word.dropFirst() : word.prefix(1).uppercased() + word.dropFirst()
        }.joined()
        if name.isEmpty || name.first!.isNumber || SwiftIdentifier.keywords.contains(name) { name = "_" + name }
        return name
    }

    /// `name`, or `name2`, `name3`… when `used` has it; the result is added to `used`.
    static func unique(_ name: String, in used: inout Set<String>) -> String {
        var candidate = name
        var counter = 2
        while !used.insert(candidate).inserted {
            candidate = name + String(counter)
            counter += 1
        }
        return candidate
    }

    /// A Swift string literal of `text`.
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            // Every scalar the terminal sanitiser refuses, bidi marks and overrides included, is
            // written as an escape: the source then reads as it compiles, on a terminal or in an
            // editor, whether it was printed or written to a file.
            case _ where TerminalSafeText.isUnsafe(scalar):
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `text` on one comment line: line breaks and control characters become spaces.
    static func commentText(_ text: String) -> String {
        docComment(text, indent: "").map { $0.hasPrefix("/// ") ? String($0.dropFirst(4)) : "" }.joined(separator: " ")
    }

    /// `text` as doc-comment lines at `indent`: every line break of any kind starts a new `///`
    /// line, other control characters become spaces, so a description cannot become code, and
    /// bidi marks and overrides are written as `\u{…}`, so it cannot read as other code either.
    static func docComment(_ text: String, indent: String) -> [String] {
        var lines: [String] = [""]
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: lines.append("")
            case 0x00..<0x20, 0x7F...0x9F: lines[lines.count - 1] += " "
            case _ where TerminalSafeText.isUnsafe(scalar): lines[lines.count - 1] += "\\u{\(String(scalar.value, radix: 16))}"
            default: lines[lines.count - 1].unicodeScalars.append(scalar)
            }
        }
        let trimmed = lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
        let kept = trimmed.reversed().drop(while: \.isEmpty).reversed().drop(while: \.isEmpty)
        return kept.map { $0.isEmpty ? indent + "///" : indent + "/// " + $0 }
    }
}
