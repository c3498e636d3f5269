/// Text from a file or a server made safe to reach a terminal: the one sanitiser that the menu,
/// every command's output and every error message go through.
///
/// Registries and manifests come from a repository anyone can send a change to and experiment
/// records from a server, so a slug or a title may hold `ESC ]0;…BEL` (sets the window title),
/// `ESC ]52;c;…` (writes the clipboard), `ESC [2J` (clears the screen), a NUL (ends the text
/// early in C) or a bidi override (shows the text in another order than it is read). Each such
/// scalar is replaced by `?`, which a reader sees and no terminal acts on.
///
/// ```swift
/// TerminalSafeText.sanitized("slug\u{1B}]0;owned\u{07}")            // "slug?]0;owned?"
/// TerminalSafeText.sanitized("a\nb", keepingLineBreaks: true)       // "a\nb"
/// ```
public enum TerminalSafeText {
    /// What an unsafe scalar is shown as: one column, like the character it stands for.
    public static let replacement: Unicode.Scalar = "?"

    /// Whether `scalar` must not reach a terminal (or generated source) as it is: C0 controls
    /// (NUL included), DEL, C1 controls, the line and paragraph separators, and the bidi marks,
    /// embeddings, overrides and isolates that make text read in another order than it is
    /// stored (the "Trojan Source" characters).
    @inline(__always)
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || value == 0x7F { return true }
        if value < 0x80 { return false }
        if value < 0xA0 { return true }
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `text` with every unsafe scalar replaced by `?`. With `keepingLineBreaks`, newlines and
    /// tabs stay: for output whose layout is lines (a command's report), never for one field.
    public static func sanitized(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard needsSanitizing(text, keepingLineBreaks: keepingLineBreaks) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let kept = keepingLineBreaks && (scalar == "\n" || scalar == "\t")
            result.append(!kept && isUnsafe(scalar) ? replacement : scalar)
        }
        return String(result)
    }

    /// Whether `sanitized` would change `text`: printable ASCII, almost every text, is checked by
    /// its bytes alone.
    public static func needsSanitizing(_ text: String, keepingLineBreaks: Bool = false) -> Bool {
        // The bytes are scanned in place: every cell of a 10,000-row listing comes through here,
        // and stepping through `String.UTF8View` cost more than the check itself.
        // True: a control character was found; false: printable ASCII throughout; nil: a byte
        // that is not ASCII, so the scalars decide.
        // Read where the string keeps them (a copy to call `withUTF8` on was a reference count
        // per cell); a string without contiguous bytes goes by its scalars.
        let hasControl: Bool?? = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte == 0x7F { return true }
                if byte < 0x20, !(keepingLineBreaks && (byte == 0x0A || byte == 0x09)) { return true }
            }
            return false
        }
        if let hasControl = hasControl ?? nil { return hasControl }
        return text.unicodeScalars.contains { scalar in
            isUnsafe(scalar) && !(keepingLineBreaks && (scalar == "\n" || scalar == "\t"))
        }
    }
}

extension DefaultStringInterpolation {
    /// `"title: \(field: flag.title)"`: a value from a file, a server or the command line placed
    /// inside a line of a report, as one field. Escapes and line breaks become `?`, so the value
    /// can neither act on the terminal nor start a line that reads as the tool's own.
    public mutating func appendInterpolation(field value: some StringProtocol) {
        appendLiteral(TerminalSafeText.sanitized(String(value)))
    }
}
