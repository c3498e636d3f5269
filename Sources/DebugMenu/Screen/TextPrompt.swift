#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// A one-line text question on the status line: the name to save a preset under, or a feature
/// variable's new value (Enter on it in the detail pane, its current value already typed).
///
/// Opened by `ScreenModel` (`s` asks for a preset name); while it is open, typed characters go
/// in at the cursor, and the keys of a shell's line editor work: ← → (Ctrl-B, Ctrl-F), Home End
/// (Ctrl-A, Ctrl-E), Backspace, Ctrl-U and Ctrl-K (delete to the start or the end), Ctrl-W (the
/// word before the cursor). Enter answers (the model returns the action) and Esc cancels. A
/// value the prompt opens with is selected, as in a dialog's text field: typing replaces it,
/// Backspace clears it, and a cursor key keeps it to edit.
///
/// ```swift
/// var model = ScreenModel(rows: rows)
/// model.handle(.character("s"))                    // model.prompt?.label == "Save preset as: "
/// for character in "checkout" { model.handle(.character(character)) }
/// model.handle(.enter)                             // .savePreset(name: "checkout")
/// ```
public struct TextPrompt: Equatable, Hashable, Sendable {
    /// What the answer is for.
    public enum Purpose: Equatable, Hashable, Sendable {
        /// The name of a new preset holding the current flag state.
        case presetName
        /// A new value for `variable` of `feature`, whose manifest type is `typeName`.
        case featureValue(feature: String, variable: String, typeName: String)
    }

    /// The longest preset name kept; characters typed (or pasted) beyond it are ignored.
    public static let maximumLength = 200
    /// The longest value kept: a JSON list or object pasted whole fits.
    public static let maximumValueLength = 16_384

    /// The longest answer kept for this question.
    public var limit: Int {
        switch purpose {
        case .presetName: Self.maximumLength
        case .featureValue: Self.maximumValueLength
        }
    }

    /// What the answer is for.
    public var purpose: Purpose
    /// The answer typed so far.
    public private(set) var text: String
    /// Where typing goes, in characters from the start of `text`.
    public private(set) var cursor: Int
    /// Whether `text` is the value the prompt opened with, still untouched: the next typed
    /// character replaces it.
    public private(set) var isPrefilled: Bool

    public init(purpose: Purpose, text: String = "") {
        self.purpose = purpose
        self.text = text
        cursor = text.count
        isPrefilled = !text.isEmpty
    }

    /// One editing key, as a shell's line editor does it.
    public enum Edit: Equatable, Hashable, Sendable {
        case insert(Character)
        case deleteBackward
        case left, right, start, end
        case deleteToStart, deleteToEnd, deleteWordBackward
    }

    public mutating func apply(_ edit: Edit) {
        if isPrefilled {
            isPrefilled = false
            switch edit {
            case .insert, .deleteBackward:
                // The opening value is selected: typing or Backspace replaces all of it.
                (text, cursor) = ("", 0)
                if case .deleteBackward = edit { return }
            default:
                break
            }
        }
        var characters = Array(text)
        switch edit {
        case .insert(let character):
            guard characters.count < limit else { return }
            characters.insert(character, at: cursor)
            cursor += 1
        case .deleteBackward:
            guard cursor > 0 else { return }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .start: cursor = 0
        case .end: cursor = characters.count
        case .deleteToStart:
            characters.removeFirst(cursor)
            cursor = 0
        case .deleteToEnd:
            characters.removeLast(characters.count - cursor)
        case .deleteWordBackward:
            // Spaces before the cursor, then the word before them, as readline's unix-word-rubout.
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        }
        text = String(characters)
    }

    /// Inserts a paste (or fast typing) at the cursor at once, as its characters one by one
    /// would, up to `limit`.
    public mutating func insert(contentsOf typed: String) {
        guard let first = typed.first else { return }
        apply(.insert(first))
        var characters = Array(text)
        let rest = Array(typed.dropFirst().prefix(max(0, limit - characters.count)))
        characters.insert(contentsOf: rest, at: cursor)
        cursor += rest.count
        text = String(characters)
    }

    /// `text` split at the cursor, for drawing the caret between the two.
    public var textAroundCursor: (before: String, after: String) {
        let characters = Array(text)
        return (String(characters[..<cursor]), String(characters[cursor...]))
    }

    /// The question as shown before the answer.
    public var label: String {
        switch purpose {
        case .presetName: return "Save preset as: "
        case .featureValue(let feature, let variable, let typeName): return "\(feature).\(variable) (\(typeName)): "
        }
    }

    /// The status-line message when the question is dismissed with Esc.
    public var cancelledMessage: String {
        switch purpose {
        case .presetName: return "Save cancelled."
        case .featureValue(let feature, let variable, _): return "Edit of \(feature).\(variable) cancelled; nothing stored."
        }
    }
}
#endif
