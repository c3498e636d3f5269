#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
import Platform

/// Measures and clips text in terminal columns, so wide (CJK, emoji) and zero-width
/// (combining) characters keep columns aligned.
///
/// Use `Terminal.measure` when drawing on a real terminal (it asks the C library's
/// `wcwidth`, exactly what ncurses uses to advance its cursor) and `TextMeasure.unicode`
/// in tests and anywhere no terminal exists (a pure Swift table of the same rules).
/// Control characters, NUL and bidi overrides are never drawn: `sanitized(_:)` turns them into
/// `?` through `TerminalSafeText`, the sanitiser every output of the tool shares.
///
/// ```swift
/// let measure = TextMeasure.unicode
/// measure.width(of: "寿司 sushi")          // 10
/// measure.clip("寿司 sushi", to: 3)        // "寿 " (padded: half a wide character never shows)
/// ```
public struct TextMeasure: Sendable {
    private let scalarWidth: @Sendable (Unicode.Scalar) -> Int

    /// A measure from a per-scalar width function; negative widths count as non-printable.
    public init(scalarWidth: @escaping @Sendable (Unicode.Scalar) -> Int) {
        self.scalarWidth = scalarWidth
    }

    /// The pure Swift measure: East Asian wide and fullwidth ranges and emoji presentation
    /// take two columns, combining marks, joiners and variation selectors none.
    public static let unicode = TextMeasure(scalarWidth: TextMeasure.unicodeWidth(of:))

    /// Columns taken by one scalar after sanitizing (never negative).
    public func width(of scalar: Unicode.Scalar) -> Int {
        if TerminalSafeText.isUnsafe(scalar) { return 1 }  // shown as "?"
        let width = scalarWidth(scalar)
        return width < 0 ? 1 : width  // non-printable scalars are shown as "?"
    }

    /// Columns taken by one character (the sum of its scalars, as ncurses counts them).
    public func width(of character: Character) -> Int {
        var total = 0
        for scalar in character.unicodeScalars { total += width(of: scalar) }
        return total
    }

    /// Whether every character of `text` is printable ASCII (space to `~`), one column each
    /// whatever the measure: most of what the menu draws, measured without walking characters
    /// (a frame of 4,800 cells took 3 ms when every cell was a `Character`).
    static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Columns taken by a string.
    public func width(of text: String) -> Int {
        if Self.isPrintableASCII(text) { return text.utf8.count }
        var total = 0
        for scalar in text.unicodeScalars { total += width(of: scalar) }
        return total
    }

    /// The text with every unsafe scalar (`TerminalSafeText.isUnsafe`: control characters, NUL,
    /// tabs, newlines, bidi overrides) and every scalar this measure cannot print replaced by
    /// `?`, so it can be drawn on one line.
    public func sanitized(_ text: String) -> String {
        if Self.isPrintableASCII(text) { return text }
        var needsWork = false
        for scalar in text.unicodeScalars where TerminalSafeText.isUnsafe(scalar) || scalarWidth(scalar) < 0 {
            needsWork = true
            break
        }
        guard needsWork else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let drawable = !TerminalSafeText.isUnsafe(scalar) && scalarWidth(scalar) >= 0
            result.append(drawable ? scalar : TerminalSafeText.replacement)
        }
        return String(result)
    }

    /// The longest prefix of `text` that fits in `columns`, padded with spaces when a wide
    /// character had to be left out at the edge. Never splits a character.
    public func clip(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if Self.isPrintableASCII(text) {
            return text.utf8.count <= columns ? text : String(decoding: text.utf8.prefix(columns), as: UTF8.self)
        }
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let characterWidth = width(of: text[index])
            if used + characterWidth > columns {
                return String(text[..<index]) + String(repeating: " ", count: columns - used)
            }
            used += characterWidth
            end = text.index(after: index)
        }
        return String(text[..<end])
    }

    /// `text` clipped to `columns` and padded with spaces to exactly `columns`.
    public func fit(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        let clipped = clip(text, to: columns)
        let used = width(of: clipped)
        return used < columns ? clipped + String(repeating: " ", count: columns - used) : clipped
    }

    /// Like `fit(_:to:)`, but shows a final `…` (or `ellipsis`) when text was cut.
    public func fitWithEllipsis(_ text: String, to columns: Int, ellipsis: String = "…") -> String {
        guard columns > 0 else { return "" }
        if width(of: text) <= columns { return fit(text, to: columns) }
        let ellipsisWidth = width(of: ellipsis)
        guard columns > ellipsisWidth else { return fit(text, to: columns) }
        return fit(clip(text, to: columns - ellipsisWidth).trimmingTrailingSpaces() + ellipsis, to: columns)
    }

    /// The pure Swift width of one scalar: -1 for what is never drawn (`TerminalSafeText`), 0 for combining and
    /// format characters, 2 for wide and fullwidth characters and emoji, else 1.
    public static func unicodeWidth(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if TerminalSafeText.isUnsafe(scalar) { return -1 }
        if value < 0x300 { return 1 }
        switch value {
        case 0x200B...0x200F, 0x2060...0x2064, 0xFE00...0xFE0F, 0xFEFF,
             0xE0100...0xE01EF:
            return 0
        default:
            break
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        case .lineSeparator, .paragraphSeparator, .control:
            return -1
        default:
            break
        }
        if value >= 0x1160 && value <= 0x11FF { return 0 }  // Hangul medial vowels, final consonants
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
             0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

extension String {
    /// The string without trailing spaces.
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
#endif
