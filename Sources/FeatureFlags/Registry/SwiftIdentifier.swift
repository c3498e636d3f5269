/// Decides whether a name can be a Swift identifier without backticks, for flag ids that become
/// enum cases in generated code.
///
/// ```swift
/// SwiftIdentifier.isValid("newBibimbapMenu")   // true
/// SwiftIdentifier.isValid("2fast")             // false
/// ```
public enum SwiftIdentifier {
    package static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    ]

    public static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !keywords.contains(name) else { return false }
        // ASCII letters are exactly the ASCII scalars that are alphabetic; comparing ranges
        // spares a Unicode property lookup per character of every flag id.
        let isHead: (Unicode.Scalar) -> Bool = { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "_" }
        return isHead(first) && name.unicodeScalars.allSatisfy { isHead($0) || ("0"..."9").contains($0) }
    }
}
