#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// Which input events a key binding answers to: one key, any typed character, any key at all,
/// a kind of mouse event (wherever it happens) or a termination signal (Ctrl-C).
///
/// Use it in `MenuKeyBinding`; `name(glyphs:)` is how the help screen and the footer write it,
/// so what they name is always what is bound.
///
/// ```swift
/// MenuKeyTrigger.key(.pageUp).matches(.pageUp)            // true
/// MenuKeyTrigger.key(.character(" ")).name(glyphs: .ascii) // "space"
/// ```
public enum MenuKeyTrigger: Equatable, Hashable, Sendable {
    case key(KeyEvent)
    /// A character that is not a control character (control characters are never typed in).
    case anyCharacter
    /// Every key (not timeouts, resizes or signals, which never reach a mode).
    case anyKey
    case mouse(KeyEvent.MouseKind)
    /// SIGINT and the other termination signals (Ctrl-C at the terminal).
    case terminationSignal

    /// Whether `event` is one this trigger answers to.
    public func matches(_ event: KeyEvent) -> Bool {
        switch (self, event) {
        case (.key(let key), _): return key == event
        case (.anyCharacter, .character(let character)): return !Self.isControl(character)
        case (.anyCharacter, _): return false
        case (.anyKey, _): return true
        case (.mouse(let kind), .mouse(_, _, let eventKind)): return kind == eventKind
        case (.mouse, _): return false
        case (.terminationSignal, .terminationSignal): return true
        case (.terminationSignal, _): return false
        }
    }

    /// Whether `character` is made only of control characters (typed text never keeps those).
    static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control }
    }

    /// The trigger as the help screen writes it ("PgUp", "space", "Shift-Tab").
    public func name(glyphs: ScreenGlyphs) -> String {
        switch self {
        case .key(let key):
            switch key {
            case .up: return glyphs.upDownKeys.split(separator: " ").first.map(String.init) ?? "Up"
            case .down: return glyphs.upDownKeys.split(separator: " ").last.map(String.init) ?? "Down"
            case .left: return "Left"
            case .right: return "Right"
            case .pageUp: return "PgUp"
            case .pageDown: return "PgDn"
            case .home: return "Home"
            case .end: return "End"
            case .tab: return "Tab"
            case .backTab: return "Shift-Tab"
            case .enter: return "Enter"
            case .escape: return "Esc"
            case .backspace: return "Backspace"
            case .character(" "): return "space"
            case .character(let character):
                // A control character is named as it is typed: U+0015 is Ctrl-U.
                if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1, scalar.value >= 1, scalar.value <= 26 {
                    return "Ctrl-" + String(Character(Unicode.Scalar(scalar.value + 64)!))
                }
                return String(character)
            case .mouse: return "mouse"
            case .resize, .timeout, .terminationSignal: return ""
            }
        case .anyCharacter: return "type"
        case .anyKey: return "any key"
        case .mouse: return "mouse"
        case .terminationSignal: return "Ctrl-C"
        }
    }

    /// The trigger as the footer writes it: the arrows as one "move" glyph, else its name.
    public func footerName(glyphs: ScreenGlyphs) -> String {
        switch self {
        case .key(.up), .key(.down): return glyphs.upDown
        default: return name(glyphs: glyphs)
        }
    }

    /// Whether the name is a character the user types (letters, `/`, space), not a named key:
    /// the help puts two spaces between the two kinds ("↑ ↓  j k").
    var isCharacterKey: Bool {
        if case .key(.character) = self { return true }
        return false
    }
}
#endif
