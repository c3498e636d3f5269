#if MOZ_CHANNEL_beta || MOZ_CHANNEL_developer || TESTFLIGHT
/// A one-line text question on the status line: the name to save a preset under, or a feature
/// variable's new value (Enter on it in the detail pane, its current value already typed).
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
    public var text: String

    public init(purpose: Purpose, text: String = "") {
        self.purpose = purpose
        self.text = text
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
