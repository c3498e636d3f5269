/// What a key of the store may be: non-empty text without control characters.
///
/// Keys come from a registry anyone may send a change to (`userPrefsKey`), from the command line
/// and from the menu. A NUL in one once cut the key short on its way to SQLite, so
/// `tipJarDebugKey\0` passed the checks that keep preferences off debug keys and then wrote the
/// real `tipJarDebugKey`; a line break would split a line of `flags log`. Both stores refuse such
/// a key before writing, and the registry refuses it at its line.
///
/// ```swift
/// PrefKey.problem(with: "tipJarDebugKey")        // nil
/// PrefKey.problem(with: "tipJarDebugKey\u{0}")   // "holds a control character (U+0000) …"
/// ```
public enum PrefKey {
    /// The longest key accepted, in bytes: ids and keys are names, not documents.
    public static let maximumBytes = 1024

    /// Why `key` cannot be a key of the store, or nil when it can.
    public static func problem(with key: String) -> String? {
        if key.isEmpty { return "is empty" }
        if key.utf8.count > maximumBytes { return "is longer than \(maximumBytes) bytes" }
        if let control = key.unicodeScalars.first(where: isControl) {
            return "holds a control character (U+\(String(control.value, radix: 16, uppercase: true).leftPadded(to: 4))), which no key or id may hold"
        }
        return nil
    }

    /// Throws for the first key of `changes` or `documents` that cannot be a key: what both
    /// stores call before writing anything.
    public static func check(_ changes: [PrefChange], documents: [String: String?] = [:]) throws(InvalidPrefKey) {
        for key in changes.map(\.key) + documents.keys {
            if let problem = problem(with: key) { throw InvalidPrefKey(key: key, problem: problem) }
        }
    }

    /// C0 (NUL included), DEL, C1, and the line and paragraph separators.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}

/// A key the store refused, and why; nothing of the change it was part of was written.
public struct InvalidPrefKey: Error, Sendable, CustomStringConvertible {
    public var key: String
    public var problem: String

    public var description: String {
        let shown = String(String.UnicodeScalarView(key.unicodeScalars.prefix(80).map { PrefKey.isControl($0) ? "?" : $0 }))
        return "the key '\(shown)' \(problem); nothing was written"
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
