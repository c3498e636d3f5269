#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// A one-line text question on the status line, such as the name to save a preset under.
///
/// Opened by `ScreenModel` (`s` asks for a preset name); while it is open, typed characters
/// edit `text`, Backspace deletes, Enter answers (the model returns the action) and Esc cancels.
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
    }

    /// The longest answer kept; characters typed (or pasted) beyond it are ignored.
    public static let maximumLength = 200

    /// What the answer is for.
    public var purpose: Purpose
    /// The answer typed so far.
    public var text: String

    public init(purpose: Purpose, text: String = "") {
        self.purpose = purpose
        self.text = text
    }

    /// The question as shown before the answer.
    public var label: String {
        switch purpose {
        case .presetName: return "Save preset as: "
        }
    }

    /// The status-line message when the question is dismissed with Esc.
    public var cancelledMessage: String {
        switch purpose {
        case .presetName: return "Save cancelled."
        }
    }
}
#endif
