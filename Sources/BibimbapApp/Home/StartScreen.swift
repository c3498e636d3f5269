/// Which screen the app opens on: the `startAtHome` typed preference, a variant of the FML enum
/// `StartAtHome` (Firefox for iOS's `StartAtHome` setting).
///
/// Use it instead of comparing variant strings; an unknown variant falls back to
/// `afterFourHours`, the manifest's default.
///
/// ```swift
/// StartScreen(variant: "always").summary   // "Home, every time"
/// ```
public enum StartScreen: String, Sendable, CaseIterable {
    case afterFourHours, always, disabled

    /// The start screen a preference variant names; `afterFourHours` for anything else.
    public init(variant: String) {
        self = StartScreen(rawValue: variant) ?? .afterFourHours
    }

    /// How the home screen explains where the app opened.
    public var summary: String {
        switch self {
        case .afterFourHours: "Home after 4 hours away, else your last screen"
        case .always: "Home, every time"
        case .disabled: "your last screen (Home is one tap away)"
        }
    }
}
